import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FieldErrorCode } from '@wildalert/shared';
import { activate, loadMessages, t } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { rememberReport, setFollowed } from '../lib/my-reports.ts';
import { PermissionError } from '../lib/push-support.ts';
import { FollowReport, followFailure, unfollowFailure } from './follow-report.tsx';
import { LazyFollowReport } from './lazy-follow-report.tsx';

const KEY = 'k'.repeat(43);
const ID = '5f0c8a3e-1f4e-4d7a-9a55-1d2b3c4d5e6f';
const UA = navigator.userAgent;

beforeAll(() => loadMessages('follow'));
afterEach(async () => {
  cleanup();
  localStorage.clear();
  Object.defineProperty(navigator, 'userAgent', { value: UA, configurable: true });
  await activate('pl');
});

describe('FollowReport', () => {
  it("is offered only under this device's own report", () => {
    const { container } = render(<LazyFollowReport alertId={ID} />);
    expect(container.innerHTML).toBe('');
    render(<FollowReport alertId={ID} />);
    expect(screen.queryByTestId('follow-report')).toBeNull();
  });

  it("appears in a popup already open once the outbox remembers the report (its photos were still sending)", async () => {
    render(<LazyFollowReport alertId={ID} />);
    expect(screen.queryByTestId('follow-report')).toBeNull();
    act(() => rememberReport(ID, KEY));
    expect(await screen.findByTestId('follow-report')).toBeTruthy();
  });

  it('says plainly when this browser has no push (no Push API here), and offers no button', async () => {
    rememberReport(ID, KEY);
    render(<FollowReport alertId={ID} />);
    expect(screen.getByText('Ta przeglądarka nie obsługuje powiadomień push, więc nie można w niej obserwować zgłoszenia.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells Safari on an iPhone to add the app to the home screen first, in the language chosen', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1', configurable: true });
    await activate('uk');
    await loadMessages('follow');
    rememberReport(ID, KEY);
    render(<FollowReport alertId={ID} />);
    expect(screen.getByText(/^На iPhone та iPad сповіщення працюють після додавання WildAlert на початковий екран/)).toBeTruthy();
  });

  it('says how to unblock notifications when this site is denied them, and offers no button', () => {
    // jsdom has no push at all: a browser's Push API as pushSupport() looks for it, with notifications denied.
    const globals = { PushManager: class {}, Notification: { permission: 'denied' } };
    Object.assign(window, globals);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    try {
      rememberReport(ID, KEY);
      render(<FollowReport alertId={ID} />);
      expect(screen.getByText('Powiadomienia są zablokowane dla tej strony. Zezwól na nie w ustawieniach przeglądarki, by obserwować zgłoszenie.')).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
    } finally {
      for (const name of Object.keys(globals)) delete (window as unknown as Record<string, unknown>)[name];
      delete (navigator as unknown as Record<string, unknown>).serviceWorker;
    }
  });

  it('still follows after a reload, as the device remembered, and offers to stop', () => {
    rememberReport(ID, KEY);
    setFollowed(ID, 'https://push.example/sub/1');
    render(<FollowReport alertId={ID} />);
    expect(screen.getByText('Obserwujesz: dostaniesz powiadomienie, gdy służby coś z nim zrobią.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Przestań obserwować' })).toBeTruthy();
  });
});

describe('a follow that did not start, in the visitor’s words: never "following"', () => {
  const refused = (status: number, endpointCode?: FieldErrorCode) =>
    new ApiError('http', status, {
      type: '/problems/validation',
      title: 'x',
      status,
      detail: 'refused',
      ...(endpointCode ? { errors: { endpoint: [{ code: endpointCode, message: '…' }] } } : {}),
    });
  it.each([
    ['no connection', new ApiError('network', 0), 'Brak połączenia z serwerem. Zgłoszenie nie jest obserwowane — spróbuj ponownie.'],
    ['a server error', refused(500), 'Serwer nie przyjął prośby. Zgłoszenie nie jest obserwowane — spróbuj ponownie.'],
    ['the write limits', refused(429), 'Zbyt wiele próśb z Twojej sieci. Spróbuj później.'],
    ['an alert gone (hidden)', refused(404), 'Tego zgłoszenia nie ma już na serwerze: nie można go obserwować.'],
    ['a push service the server does not send to', refused(400, 'not_push_service'), 'Ta przeglądarka używa usługi powiadomień, do której ten serwer nie wysyła.'],
    ['the permission prompt dismissed', new PermissionError(), 'Nie zezwolono na powiadomienia. Zgłoszenie nie jest obserwowane.'],
  ])('%s', (_, error, text) => {
    expect(t(followFailure(error))).toBe(text);
  });

  it('and a stop that failed still follows', () => {
    expect(t(unfollowFailure(new ApiError('network', 0)))).toBe('Brak połączenia z serwerem. Nadal obserwujesz — spróbuj ponownie.');
    expect(t(unfollowFailure(refused(503)))).toBe('Serwer nie przyjął prośby. Nadal obserwujesz — spróbuj ponownie.');
  });
});
