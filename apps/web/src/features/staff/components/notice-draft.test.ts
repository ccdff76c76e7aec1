import { describe, expect, it } from 'vitest';
import { newDraft, noticeBody, localInput } from './notice-draft.ts';

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
    ['an end before the start', { startsAt: '2026-05-20T15:00', endsAt: '2026-05-20T14:00' }, 'endsBeforeStart'],
    ['an end past', { startsAt: '2026-05-20T08:00', endsAt: '2026-05-20T09:00' }, 'endsPast'],
    ['eight days', { endsAt: '2026-05-28T11:00' }, 'tooLong'],
  ])('names what is wrong: %s', (_, over, problem) => {
    expect(noticeBody({ ...draft, ...over }, NOW)).toEqual({ problem });
  });
});
