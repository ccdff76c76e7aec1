import { describe, expect, it } from 'vitest';
import { notificationFor } from './notification.ts';
import type { NotifiedAlert } from '../repositories/push-repository.ts';

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

  it('speaks the subscriber language, with its plural forms', () => {
    const boars = (n: number) => Array.from({ length: n }, (_, i) => alert(`b${i}`, 'boar', i === 0 ? 'Pod szkołą' : '', 1500));
    expect(notificationFor([alert('a', 'fox', '', 1234)], 'en')).toMatchObject({
      title: 'New report nearby',
      body: 'Fox, 1.2 km from your place',
      lang: 'en',
    });
    expect(notificationFor(boars(2), 'en').title).toBe('2 new reports: 2 wild boars');
    expect(notificationFor([alert('a', 'hedgehog', 'Їжак у дворі', 300)], 'uk')).toMatchObject({
      title: 'Нове повідомлення поблизу',
      body: 'Їжак, 300 м від вашого місця: «Їжак у дворі»',
      lang: 'uk',
    });
    for (const [n, uk, pl] of [
      [2, '2 нові повідомлення: 2 дикі кабани', '2 nowe zgłoszenia: 2 dziki'],
      [5, '5 нових повідомлень: 5 диких кабанів', '5 nowych zgłoszeń: 5 dzików'],
      [12, '12 нових повідомлень: 12 диких кабанів', '12 nowych zgłoszeń: 12 dzików'],
      [22, '22 нові повідомлення: 22 дикі кабани', '22 nowe zgłoszenia: 22 dziki'],
      [25, '25 нових повідомлень: 25 диких кабанів', '25 nowych zgłoszeń: 25 dzików'],
    ] as const) {
      expect(notificationFor(boars(n), 'uk').title).toBe(uk);
      expect(notificationFor(boars(n), 'pl').title).toBe(pl);
    }
    expect(notificationFor(boars(2), 'uk').body).toBe('Найновіше: Дикий кабан, 1,5 км від вашого місця: «Pod szkołą»');
  });
});
