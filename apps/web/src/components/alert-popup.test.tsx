import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '@wildalert/shared';
import { unconfirmedSighting } from '@wildalert/shared';
import { activate } from '../i18n/i18n.ts';
import { AlertPopup } from './alert-popup.tsx';

const NOW = new Date('2026-05-20T12:00:00Z');

function alertAgo(ms: number, over: Partial<Alert> = {}): Alert {
  return {
    id: '7b0e6c1e-6a43-4b59-9d4e-6f1f7bb7f5c1',
    latitude: 50.0614,
    longitude: 19.9366,
    animal: 'boar',
    comments: 'Dwa dziki przy Plantach',
    createdAt: new Date(NOW.getTime() - ms).toISOString(),
    photos: [],
    ...unconfirmedSighting(new Date(NOW.getTime() - ms).toISOString()),
    ...over,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AlertPopup', () => {
  it('shows the Polish name as the title, the comments, the coordinates and the time', () => {
    render(<AlertPopup alert={alertAgo(3 * 3600_000 + 12 * 60_000)} />);
    expect(screen.getByRole('heading', { name: 'Dzik' })).toBeTruthy();
    expect(screen.getByTestId('alert-comments').textContent).toBe('Dwa dziki przy Plantach');
    expect(screen.getByTestId('alert-coordinates').textContent).toBe('50.0614, 19.9366');
    expect(screen.getByTestId('alert-time').textContent).toBe('Zgłoszono 3 godziny temu');
  });

  it('shows the verification level with who set it and when, a correction with both animals, and nothing while unverified (issue 35)', async () => {
    const at = new Date(NOW.getTime() - 10 * 60_000).toISOString();
    const { rerender } = render(<AlertPopup alert={alertAgo(3600_000)} />);
    expect(screen.queryByTestId('verification')).toBeNull();
    rerender(<AlertPopup alert={alertAgo(3600_000, { verification: { level: 'confirmed', by: 'organisation', organisation: { pl: 'Straż Miejska', en: 'City Guard' }, at } })} />);
    vi.useRealTimers();
    expect((await screen.findByTestId('verification')).textContent).toBe('✓Potwierdzone · Straż Miejska');
    // And when, as the official status says its time: on the city's clocks, the full date in its title.
    const when = screen.getByTestId('verification-time');
    expect(when.getAttribute('datetime')).toBe(at);
    expect(when.textContent).toMatch(/\d{1,2}:\d{2}$/);
    expect(when.parentElement!.textContent).toBe(`✓Potwierdzone · Straż Miejska · ${when.textContent}`);
    rerender(<AlertPopup alert={alertAgo(3600_000, { verification: { level: 'corrected', by: 'moderator', correctedFrom: 'fox', note: 'Tropy dzika.', at } })} />);
    expect(screen.getByTestId('verification').textContent).toBe('✓Poprawiono: Lis → Dzik · moderator');
    expect(screen.getByTestId('verification-note').textContent).toBe('Tropy dzika.');
    try {
      await act(() => activate('en'));
      rerender(<AlertPopup alert={alertAgo(3600_000, { verification: { level: 'likely', by: 'photo', at } })} />);
      expect(screen.getByTestId('verification').textContent).toBe('◐Likely · photo');
      await act(() => activate('uk'));
      rerender(<AlertPopup alert={alertAgo(3600_000, { verification: { level: 'rejected', by: 'moderator', reason: 'hoax', at } })} />);
      expect(screen.getByTestId('verification').textContent).toBe('✕Відхилено: фальшиве повідомлення · модератор');
    } finally {
      await act(() => activate('pl'));
    }
  });

  it('says the location is approximate for a protected species (from the catalogue), not for others', () => {
    const { rerender } = render(<AlertPopup alert={alertAgo(60_000, { animal: 'wolf' })} />);
    expect(screen.getByTestId('alert-approximate').textContent).toBe('Lokalizacja przybliżona (ok. 1 km) — gatunek chroniony');
    rerender(<AlertPopup alert={alertAgo(60_000, { animal: 'lynx' })} />);
    expect(screen.getByTestId('alert-approximate')).toBeTruthy();
    rerender(<AlertPopup alert={alertAgo(60_000, { animal: 'boar' })} />);
    expect(screen.queryByTestId('alert-approximate')).toBeNull();
  });

  it('says "wczoraj" for a day ago and "przed chwilą" for just now', () => {
    const { rerender } = render(<AlertPopup alert={alertAgo(26 * 3600_000)} />);
    expect(screen.getByTestId('alert-time').textContent).toBe('Zgłoszono wczoraj');
    rerender(<AlertPopup alert={alertAgo(5_000)} />);
    expect(screen.getByTestId('alert-time').textContent).toBe('Zgłoszono przed chwilą');
  });

  it('keeps the time current while it is open', () => {
    render(<AlertPopup alert={alertAgo(0)} />);
    expect(screen.getByTestId('alert-time').textContent).toBe('Zgłoszono przed chwilą');
    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByTestId('alert-time').textContent).toBe('Zgłoszono 2 minuty temu');
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(screen.getByTestId('alert-time').textContent).toBe('Zgłoszono 1 godzinę temu');
  });

  it('shows markup in comments literally and never turns it into elements', () => {
    const comments = '<img src=x onerror=alert(1)><script>alert(2)</script><b>bold</b>';
    const { container } = render(<AlertPopup alert={alertAgo(0, { comments })} />);
    expect(screen.getByTestId('alert-comments').textContent).toBe(comments);
    expect(container.querySelector('img, script, b')).toBeNull();
  });

  it('rounds coordinates to at most 6 decimals', () => {
    render(<AlertPopup alert={alertAgo(0, { latitude: 50.04968349, longitude: 19.9445 })} />);
    expect(screen.getByTestId('alert-coordinates').textContent).toBe('50.049683, 19.9445');
  });

  it('leaves out empty comments and names an unknown animal "Inne"', () => {
    render(<AlertPopup alert={alertAgo(0, { comments: '', animal: 'unicorn' })} />);
    expect(screen.getByRole('heading', { name: 'Inne' })).toBeTruthy();
    expect(screen.queryByTestId('alert-comments')).toBeNull();
  });

  it('says what was seen under the name, translated from its codes, and nothing when nothing was said', () => {
    const { rerender } = render(<AlertPopup alert={alertAgo(60_000, { howMany: 'two-to-five', young: true, behaviour: 'calm' })} />);
    expect(screen.getByTestId('alert-sighting').textContent).toBe('2–5 zwierząt · z młodymi · spokojne');
    rerender(<AlertPopup alert={alertAgo(60_000)} />);
    expect(screen.queryByTestId('alert-sighting')).toBeNull();
  });

  it("shows the official status in the visitor's language and clock, the outcome once resolved, and the note", async () => {
    const at = new Date(NOW.getTime() - 30 * 60_000).toISOString();
    const organisation = { pl: 'Straż Miejska', en: 'City Guard' };
    const time = new Intl.DateTimeFormat('pl', { hour: '2-digit', minute: '2-digit' }).format(Date.parse(at));
    const { rerender } = render(<AlertPopup alert={alertAgo(3600_000, { officialStatus: { organisation, status: 'on-the-way', outcome: null, note: null, at } })} />);
    // Its code and messages load when an alert first has a status.
    vi.useRealTimers();
    expect((await screen.findByTestId('official-status')).textContent).toBe(`Straż Miejska: w drodze · ${time}`);
    expect(screen.queryByTestId('official-note')).toBeNull();
    const resolved = { organisation, status: 'resolved' as const, outcome: 'caught-or-moved' as const, note: 'Dzik odprowadzony do lasu', at };
    rerender(<AlertPopup alert={alertAgo(3600_000, { officialStatus: resolved })} />);
    expect(screen.getByTestId('official-status').textContent).toBe(`Straż Miejska: zakończone — odłowione lub przepędzone · ${time}`);
    expect(screen.getByTestId('official-note').textContent).toBe('Dzik odprowadzony do lasu');
    try {
      await act(() => activate('uk'));
      rerender(<AlertPopup alert={alertAgo(3600_000, { officialStatus: resolved })} />);
      // No Ukrainian name given: the Polish one.
      expect(screen.getByTestId('official-status').textContent).toMatch(/^Straż Miejska: завершено — відловлено або відігнано · /);
      await act(() => activate('en'));
      rerender(<AlertPopup alert={alertAgo(3600_000, { officialStatus: { ...resolved, status: 'acknowledged', outcome: null } })} />);
      expect(screen.getByTestId('official-status').textContent).toMatch(/^City Guard: acknowledged · /);
    } finally {
      await act(() => activate('pl'));
    }
    rerender(<AlertPopup alert={alertAgo(3600_000)} />);
    expect(screen.queryByTestId('official-status')).toBeNull();
  });
});
