import { describe, expect, it } from 'vitest';
import { notificationFor, type NotifiedAlert } from './notification.ts';

const alert = (id: string, animal: string, comments = '', distanceMetres = 250): NotifiedAlert => ({ id, animal, comments, distanceMetres });

describe('notificationFor', () => {
  it('counts a summary with Polish plurals, most numerous first', () => {
    const alerts = [
      alert('a1', 'fox'),
      ...['b1', 'b2', 'b3', 'b4', 'b5'].map((id) => alert(id, 'boar')),
      alert('c1', 'roe-deer'),
      alert('c2', 'roe-deer'),
    ];
    expect(notificationFor(alerts).title).toBe('8 nowych zgłoszeń: 5 dzików, 2 sarny, 1 lis');
    expect(notificationFor(alerts.slice(0, 2)).title).toBe('2 nowe zgłoszenia: 1 lis, 1 dzik');
    expect(notificationFor([alert('x', 'other'), alert('y', 'other')]).title).toBe('2 nowe zgłoszenia: 2 inne zwierzęta');
  });

  it('shortens a long comment on one line, and opens the newest alert', () => {
    const long = `${'Lis przebiegł przez ulicę. '.repeat(10)}\nKoniec`;
    const n = notificationFor([alert('id-1', 'fox', long, 1234)]);
    expect(n.body.startsWith('Lis, 1,2 km od Twojego miejsca: „Lis przebiegł przez ulicę. Lis')).toBe(true);
    expect(n.body).not.toContain('\n');
    expect(n.body.endsWith('…”')).toBe(true);
    expect([...n.body].length).toBeLessThan(170);
    expect(n.url).toBe('/WildAlertApp/alerts/id-1');
  });
});
