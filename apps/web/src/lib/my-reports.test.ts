import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_REPORTS, myReport, rememberReport, setFollowed, useMyReports } from './my-reports.ts';

const KEY = 'k'.repeat(43);

afterEach(() => localStorage.clear());

describe("the device's own reports", () => {
  it('keeps an alert\'s key and whether it is followed, with which endpoint, as a reload finds them', () => {
    rememberReport('a1', KEY);
    expect(myReport('a1')).toMatchObject({ key: KEY });
    expect(myReport('a1')?.followedWith).toBeUndefined();
    setFollowed('a1', 'https://push.example/sub/1');
    // What a reload reads: the stored text, nothing held in memory.
    expect(JSON.parse(localStorage.getItem('wildalert-my-reports')!)).toMatchObject({ a1: { key: KEY, followedWith: 'https://push.example/sub/1' } });
    setFollowed('a1', undefined);
    expect(myReport('a1')).toEqual({ key: KEY, at: expect.any(String) });
    // Another device's alert is not followed by setting it.
    setFollowed('other', 'https://push.example/sub/1');
    expect(myReport('other')).toBeUndefined();
  });

  it('keeps the newest reports only, and reads unreadable storage as none', () => {
    for (let i = 0; i <= KEPT_REPORTS; i++) rememberReport(`a${i}`, KEY, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
    expect(myReport('a0')).toBeUndefined();
    expect(myReport('a1')).toBeDefined();
    expect(myReport(`a${KEPT_REPORTS}`)).toBeDefined();
    localStorage.setItem('wildalert-my-reports', '{oops');
    expect(myReport('a1')).toBeUndefined();
    rememberReport('b', KEY);
    expect(myReport('b')).toMatchObject({ key: KEY });
  });

  it('lists the reports the newest first, and again when the outbox remembers another', () => {
    rememberReport('older', KEY, '2026-11-01T10:00:00.000Z');
    rememberReport('newer', KEY, '2026-11-02T10:00:00.000Z');
    const { result } = renderHook(() => useMyReports());
    expect(result.current.map((r) => r.alertId)).toEqual(['newer', 'older']);
    act(() => rememberReport('newest', KEY, '2026-11-03T10:00:00.000Z'));
    expect(result.current.map((r) => r.alertId)).toEqual(['newest', 'newer', 'older']);
  });
});
