import { describe, expect, it } from 'vitest';
import { addCorner, newDraft, noticeBody, localInput, type Corner, type NoticeDraft } from './notice-draft.ts';

const NOW = Date.parse('2026-05-20T10:07:00');
const draft = { ...newDraft({ latitude: 50.0546, longitude: 19.8671 }, NOW), pl: '  Odłów dzików — omijaj teren ' };

describe('noticeBody', () => {
  it('sends the texts given (trimmed), a circle at the place, now as the start when left empty, and the end', () => {
    expect(draft.endsAt).toBe('2026-05-20T14:15');
    expect(noticeBody(draft, NOW)).toEqual({
      body: {
        text: { pl: 'Odłów dzików — omijaj teren' },
        area: { latitude: 50.0546, longitude: 19.8671, radiusKm: 1 },
        endsAt: new Date('2026-05-20T14:15').toISOString(),
      },
    });
    const later = noticeBody({ ...draft, en: 'Boar capture', startsAt: localInput(NOW + 3600_000) }, NOW);
    expect(later).toMatchObject({ body: { text: { pl: 'Odłów dzików — omijaj teren', en: 'Boar capture' }, startsAt: new Date(NOW + 3600_000).toISOString() } });
  });

  it.each([
    ['no text', { pl: ' ' }, 'text'],
    ['301 characters', { pl: 'x'.repeat(301) }, 'textTooLong'],
    ['no place', { latitude: '' }, 'place'],
    ['21 km', { radiusKm: '21' }, 'radius'],
    ['a polygon of no corner', { areaKind: 'polygon', corners: [] }, 'corners'],
    ['a polygon of two corners', { areaKind: 'polygon', corners: [[19.86, 50.05], [19.87, 50.05]] }, 'corners'],
    ['three corners, two of them one', { areaKind: 'polygon', corners: [[19.86, 50.05], [19.87, 50.05], [19.86, 50.05]] }, 'corners'],
    ['a polygon whose sides cross (a bow tie)', { areaKind: 'polygon', corners: [[19.86, 50.05], [19.87, 50.06], [19.87, 50.05], [19.86, 50.06]] }, 'crosses'],
    ['a side that touches a corner', { areaKind: 'polygon', corners: [[19.86, 50.05], [19.88, 50.05], [19.88, 50.07], [19.87, 50.05], [19.86, 50.07]] }, 'crosses'],
    ['three corners on a line', { areaKind: 'polygon', corners: [[19.86, 50.05], [19.87, 50.05], [19.88, 50.05]] }, 'crosses'],
    ['an end before the start', { startsAt: '2026-05-20T15:00', endsAt: '2026-05-20T14:00' }, 'endsBeforeStart'],
    ['an end past', { startsAt: '2026-05-20T08:00', endsAt: '2026-05-20T09:00' }, 'endsPast'],
    ['eight days', { endsAt: '2026-05-28T11:00' }, 'tooLong'],
  ] as Array<[string, Partial<NoticeDraft>, string]>)('names what is wrong: %s', (_, over, problem) => {
    expect(noticeBody({ ...draft, ...over }, NOW)).toEqual({ problem });
  });
});

describe('a polygon notice', () => {
  const square: Corner[] = [
    [19.86, 50.05],
    [19.875, 50.05],
    [19.875, 50.06],
    [19.86, 50.06],
  ];
  const polygon = { ...draft, areaKind: 'polygon' as const, latitude: '', radiusKm: '' };

  it('sends the corners as a closed ring, anticlockwise whichever way they were tapped, and no circle', () => {
    const closed = [...square, square[0]];
    expect(noticeBody({ ...polygon, corners: square }, NOW)).toMatchObject({ body: { area: { type: 'Polygon', coordinates: [closed] } } });
    expect(noticeBody({ ...polygon, corners: [...square].reverse() }, NOW)).toMatchObject({ body: { area: { type: 'Polygon', coordinates: [closed] } } });
    // A last tap on the first corner is the same ring, not a fifth corner.
    expect(noticeBody({ ...polygon, corners: [...square, square[0]!] }, NOW)).toMatchObject({ body: { area: { coordinates: [closed] } } });
  });

  it('takes a concave ring, whose sides come close without meeting', () => {
    const notch: Corner[] = [
      [19.86, 50.05],
      [19.88, 50.05],
      [19.88, 50.07],
      [19.87, 50.051],
      [19.86, 50.07],
    ];
    expect(noticeBody({ ...polygon, corners: notch }, NOW)).toMatchObject({ body: { area: { coordinates: [[...notch, notch[0]]] } } });
  });

  it('keeps a circle’s place and radius aside while a polygon is drawn, and back again', () => {
    expect(noticeBody({ ...draft, corners: square }, NOW)).toMatchObject({ body: { area: { latitude: 50.0546, longitude: 19.8671, radiusKm: 1 } } });
  });

  it('leaves out a tap on the corner just made', () => {
    expect(addCorner([[19.86, 50.05]], [19.86, 50.05])).toEqual([[19.86, 50.05]]);
    expect(addCorner([[19.86, 50.05]], [19.87, 50.05])).toEqual([
      [19.86, 50.05],
      [19.87, 50.05],
    ]);
  });
});
