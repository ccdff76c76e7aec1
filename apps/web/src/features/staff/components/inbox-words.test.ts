import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, loadMessages } from '../../../i18n/i18n.ts';
import { durationText, figuresLine, nextSteps } from './inbox-words.ts';

beforeAll(() => loadMessages('staff'));
afterAll(() => activate('pl'));

describe('the steps of an inbox entry', () => {
  it('go forward only, any of them skippable, none after resolved', () => {
    expect(nextSteps('new')).toEqual(['acknowledged', 'on-the-way', 'resolved']);
    expect(nextSteps('acknowledged')).toEqual(['on-the-way', 'resolved']);
    expect(nextSteps('on-the-way')).toEqual(['resolved']);
    expect(nextSteps('resolved')).toEqual([]);
  });
});

describe('the response figures', () => {
  it('say a wait to the unit that matters', () => {
    expect(durationText(42, 'en')).toBe('42 sec');
    expect(durationText(12 * 60 + 10, 'en')).toBe('12 min');
    expect(durationText(80 * 60, 'en')).toBe('1 hr 20 min');
    expect(durationText(2 * 3600, 'en')).toBe('2 hr');
    expect(durationText(51 * 3600, 'en')).toBe('2 days 3 hr');
  });

  it('are one line in the language in use, with a dash for what has no median yet', async () => {
    await activate('en');
    expect(figuresLine({ entries: 12, acknowledgedMedianSeconds: 240, resolvedMedianSeconds: 4800, resolvedShare: 0.8333 })).toBe(
      'Last 30 days: 12 reports · acknowledged in 4 min (median) · resolved in 1 hr 20 min (median) · resolved: 83%',
    );
    expect(figuresLine({ entries: 1, acknowledgedMedianSeconds: null, resolvedMedianSeconds: null, resolvedShare: 0 })).toBe(
      'Last 30 days: 1 report · acknowledged in — (median) · resolved in — (median) · resolved: 0%',
    );
    await activate('pl');
    expect(figuresLine({ entries: 5, acknowledgedMedianSeconds: 90, resolvedMedianSeconds: null, resolvedShare: 0.4 })).toBe(
      'Ostatnie 30 dni: 5 zgłoszeń · przyjęcie w 2 min (mediana) · zakończenie w — (mediana) · zakończonych: 40%',
    );
    expect(figuresLine({ entries: 0, acknowledgedMedianSeconds: null, resolvedMedianSeconds: null, resolvedShare: null })).toBe('Ostatnie 30 dni: jeszcze brak zgłoszeń.');
  });
});
