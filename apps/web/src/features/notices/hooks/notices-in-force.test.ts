import { describe, expect, it } from 'vitest';
import type { Notice } from '@wildalert/shared';
import { inForce, noticeLanguage, noticeText } from './notices-in-force.ts';

const at = (iso: string) => Date.parse(iso);
const notice = (startsAt: string, endsAt: string, text: Notice['text'] = { pl: 'Odłów' }): Notice => ({
  id: `${startsAt}-${endsAt}`,
  organisation: { id: '7b0e6c1e-6a43-4b59-9d4e-6f1f7bb7f5c1', name: { pl: 'Straż Miejska' } },
  text,
  area: { latitude: 50.05, longitude: 19.87, radiusKm: 1 },
  startsAt,
  endsAt,
  createdAt: startsAt,
});

describe('notices in force', () => {
  it('keeps those begun and not ended by the clock, so an open map drops one at its end without asking', () => {
    const now = notice('2026-05-20T10:00:00Z', '2026-05-20T18:00:00Z');
    const later = notice('2026-05-20T14:00:00Z', '2026-05-20T16:00:00Z');
    expect(inForce([now, later], at('2026-05-20T12:00:00Z'))).toEqual([now]);
    expect(inForce([now, later], at('2026-05-20T15:00:00Z'))).toEqual([now, later]);
    expect(inForce([now, later], at('2026-05-20T18:00:00Z'))).toEqual([]);
  });

  it("reads a notice in the visitor's language, else in the first it was written in (pl, en, uk)", () => {
    const both = notice('2026-05-20T10:00:00Z', '2026-05-20T18:00:00Z', { uk: 'Відлов', en: 'Capture' });
    expect(noticeText(both, 'uk')).toBe('Відлов');
    expect([noticeLanguage(both, 'pl'), noticeText(both, 'pl')]).toEqual(['en', 'Capture']);
  });
});
