import { describe, expect, it } from 'vitest';
import { openFromNotification, showPush, type PushScope } from './push-handlers.ts';

const APP = 'https://wildalert.example/WildAlertApp/';

/** The worker's surroundings as the handlers see them, recording what they do. */
function worker(windows: { url: string }[] = []) {
  const shown: { title: string; options?: NotificationOptions }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const navigated: string[] = [];
  const scope: PushScope = {
    registration: {
      scope: APP,
      showNotification: async (title, options) => void shown.push({ title, options }),
      pushManager: { subscribe: () => Promise.reject(new Error('not here')) },
    },
    clients: {
      matchAll: async () =>
        windows.map((w) => ({
          url: w.url,
          focus: async () => void focused.push(w.url),
          navigate: async (url: string) => void navigated.push(url),
        })),
      openWindow: async (url) => void opened.push(url),
    },
    fetch: () => Promise.reject(new Error('no network here')),
  };
  return { scope, shown, opened, focused, navigated };
}

const data = (value: unknown) => ({ json: () => (typeof value === 'string' ? JSON.parse(value) : value) as unknown });

describe('push', () => {
  it("shows the server's notification, linking to the alert's page", async () => {
    const w = worker();
    await showPush(w.scope, data({ title: '3 nowe zgłoszenia: 2 dziki, 1 lis', body: 'Najnowsze: Dzik, 200 m', url: '/WildAlertApp/alerts/abc' }));
    expect(w.shown).toEqual([
      {
        title: '3 nowe zgłoszenia: 2 dziki, 1 lis',
        options: expect.objectContaining({ body: 'Najnowsze: Dzik, 200 m', tag: 'wildalert-area', data: { url: `${APP}alerts/abc` } }),
      },
    ]);
  });

  it("shows a followed report's status apart from area alerts, one per report, linking to that report", async () => {
    const w = worker();
    const status = { title: 'Twoje zgłoszenie: Dzik', body: 'Straż Miejska: w drodze', url: '/WildAlertApp/alerts/abc', alertIds: [], statusAlertIds: ['abc'], lang: 'pl' };
    await showPush(w.scope, data(status));
    await showPush(w.scope, data({ ...status, url: '/WildAlertApp/alerts/def', statusAlertIds: ['def'] }));
    await showPush(w.scope, data({ title: 'Nowe zgłoszenie w pobliżu', url: '/WildAlertApp/alerts/ghi', alertIds: ['ghi'] }));
    // A new area alert does not replace the report's step, nor one report's step another's.
    expect(w.shown.map((s) => [s.title, s.options?.tag, s.options?.data])).toEqual([
      ['Twoje zgłoszenie: Dzik', 'wildalert-status-abc', { url: `${APP}alerts/abc` }],
      ['Twoje zgłoszenie: Dzik', 'wildalert-status-def', { url: `${APP}alerts/def` }],
      ['Nowe zgłoszenie w pobliżu', 'wildalert-area', { url: `${APP}alerts/ghi` }],
    ]);
    // Tapped: the app opens on that report.
    await openFromNotification(w.scope, `${APP}alerts/abc`);
    expect(w.opened).toEqual([`${APP}alerts/abc`]);
  });

  it.each([
    ['no payload', null],
    ['a payload that is not JSON', data('{oops')],
    ['JSON without a title', data({ body: 42 })],
  ])('always shows a notification, even for %s', async (_, payload) => {
    const w = worker();
    await showPush(w.scope, payload);
    expect(w.shown).toHaveLength(1);
    expect(w.shown[0]!.title).toBe('WildAlert: nowe zgłoszenie w pobliżu');
    expect(w.shown[0]!.options?.data).toEqual({ url: APP });
  });

  it('never links out of the app', async () => {
    const w = worker();
    await showPush(w.scope, data({ title: 'x', url: 'https://evil.example/phish' }));
    expect(w.shown[0]!.options?.data).toEqual({ url: APP });
  });
});

describe('notification click', () => {
  it('opens the permalink in a new window when the app is not open', async () => {
    const w = worker([{ url: 'https://other.example/' }]);
    await openFromNotification(w.scope, `${APP}alerts/abc`);
    expect(w.opened).toEqual([`${APP}alerts/abc`]);
  });

  it('sends an open window of the app to the permalink and focuses it', async () => {
    const w = worker([{ url: `${APP}addAlert` }]);
    await openFromNotification(w.scope, `${APP}alerts/abc`);
    expect(w.navigated).toEqual([`${APP}alerts/abc`]);
    expect(w.focused).toEqual([`${APP}addAlert`]);
    expect(w.opened).toEqual([]);
  });
});
