import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Alert } from '@wildalert/shared';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { gridCellCentre } from '../public-location.ts';

const TOKEN = 'moderator-secret-0123456789';
const ADMIN = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: TOKEN });
});
afterAll(() => t.dispose());

/** Each test works around its own point so searches see only its alerts. */
let nextPlace = 0;
function place() {
  nextPlace += 1;
  return { latitude: 49 + nextPlace * 0.5, longitude: 15 + nextPlace * 0.5 };
}

async function add(body: Record<string, unknown> = {}): Promise<Alert> {
  const res = await t.app.inject({ method: 'POST', url: '/Alerts', payload: { ...place(), animal: 'boar', comments: 'x', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const read = (id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/Alerts/${id}`, headers });
const search = async (a: Alert) =>
  (await t.app.inject({ method: 'GET', url: `/Alerts?Latitude=${a.latitude}&Longitude=${a.longitude}&Radius=1` })).json().data as Alert[];
const count = async () => (await t.app.inject({ method: 'GET', url: '/health' })).json().alerts as number;
const hide = (id: string, headers: Record<string, string> = ADMIN) => t.app.inject({ method: 'DELETE', url: `/Alerts/${id}`, headers });
const report = (id: string, remoteAddress: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url: `/Alerts/${id}/reports`, remoteAddress, ...(payload === undefined ? {} : { payload: payload as object }) });
const restore = (id: string, headers: Record<string, string> = ADMIN) =>
  t.app.inject({ method: 'POST', url: `/moderation/alerts/${id}/restore`, headers });
const reported = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/moderation/reports', headers: ADMIN });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{ alert: Alert; hidden: boolean; hiddenBy: string | null; reports: Array<{ reason: string }> }>;
};

function expectProblem(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  return res.json();
}

async function expectInvisible(a: Alert) {
  expectProblem(await read(a.id), 404);
  expectProblem(await read(a.id, ADMIN), 404);
  expect((await search(a)).map((x) => x.id)).not.toContain(a.id);
}

async function expectVisible(a: Alert) {
  expect((await read(a.id)).statusCode).toBe(200);
  expect((await search(a)).map((x) => x.id)).toContain(a.id);
}

describe('DELETE /Alerts/{id} (moderator)', () => {
  it('hides the alert from every read and the health count, keeping it stored', async () => {
    const a = await add();
    const before = await count();
    const res = await hide(a.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    await expectInvisible(a);
    expect(await count()).toBe(before - 1);
    const rows = await t.app.db.query<{ hidden: boolean; hidden_by: string }>('SELECT hidden, hidden_by FROM alerts WHERE id = $1', [a.id]);
    expect(rows).toEqual([{ hidden: true, hidden_by: 'moderator' }]);
    const log = await t.app.db.query<{ action: string }>('SELECT action FROM moderation_log WHERE alert_id = $1', [a.id]);
    expect(log.map((l) => l.action)).toEqual(['hidden-by-moderator']);
  });

  it('is harmless to repeat, and answers 404 for an unknown or malformed id', async () => {
    const a = await add();
    expect((await hide(a.id)).statusCode).toBe(204);
    expect((await hide(a.id)).statusCode).toBe(204);
    expectProblem(await hide('00000000-0000-4000-8000-000000000000'), 404);
    expectProblem(await hide('nope'), 404);
  });

  it('refuses without the token (401, WWW-Authenticate: Bearer) and changes nothing', async () => {
    const a = await add();
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'Bearer realm="WildAlert moderation"'],
      [{ authorization: 'Bearer wrong-token-0123456789' }, 'Bearer realm="WildAlert moderation", error="invalid_token"'],
      [{ authorization: `Bearer ${TOKEN}x` }, 'Bearer realm="WildAlert moderation", error="invalid_token"'],
      [{ authorization: `Bearer ${TOKEN.slice(0, -1)}` }, 'Bearer realm="WildAlert moderation", error="invalid_token"'],
      [{ authorization: `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}` }, 'Bearer realm="WildAlert moderation", error="invalid_request"'],
      [{ authorization: TOKEN }, 'Bearer realm="WildAlert moderation", error="invalid_request"'],
      [{ authorization: 'Bearer ' }, 'Bearer realm="WildAlert moderation", error="invalid_request"'],
    ];
    for (const [headers, challenge] of cases) {
      const res = await hide(a.id, headers);
      expectProblem(res, 401);
      expect(res.headers['www-authenticate'], JSON.stringify(headers)).toBe(challenge);
    }
    await expectVisible(a);
  });

  it('accepts the scheme name in any case', async () => {
    const a = await add();
    expect((await hide(a.id, { authorization: `bearer ${TOKEN}` })).statusCode).toBe(204);
  });
});

describe('without ADMIN_TOKEN', () => {
  it('refuses every moderator request with 403 and still takes reports', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/Alerts', payload: { latitude: 1, longitude: 1, animal: 'fox' } });
      const id = res.json().data.id;
      for (const request of [
        { method: 'DELETE' as const, url: `/Alerts/${id}`, headers: ADMIN },
        { method: 'DELETE' as const, url: `/Alerts/${id}` },
        { method: 'GET' as const, url: '/moderation/reports', headers: ADMIN },
        { method: 'POST' as const, url: `/moderation/alerts/${id}/restore`, headers: ADMIN },
        { method: 'GET' as const, url: `/Alerts/${id}`, headers: ADMIN },
      ]) {
        expect(expectProblem(await plain.app.inject(request), 403).detail).toMatch(/ADMIN_TOKEN/);
      }
      expect((await plain.app.inject({ method: 'GET', url: `/Alerts/${id}` })).statusCode).toBe(200);
      expect((await plain.app.inject({ method: 'POST', url: `/Alerts/${id}/reports`, payload: {} })).statusCode).toBe(201);
    } finally {
      await plain.dispose();
    }
  });
});

describe('POST /Alerts/{id}/reports', () => {
  it('stores a report (201), counts a client once (200 with the first report)', async () => {
    const a = await add();
    const first = await report(a.id, '192.0.2.1', { reason: 'Spam z reklamą' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ alertId: a.id, reason: 'Spam z reklamą' });
    expect(first.json().data.reportedAt).toMatch(/Z$/);
    const again = await report(a.id, '192.0.2.1', { reason: 'again' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The same client many times, and one other, do not hide it.
    for (let i = 0; i < 5; i++) await report(a.id, '192.0.2.1');
    expect((await report(a.id, '192.0.2.2')).statusCode).toBe(201);
    await expectVisible(a);
  });

  it('takes a report with no body or an empty object', async () => {
    const a = await add();
    const bare = await report(a.id, '192.0.2.3');
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json().data.reason).toBe('');
    expect((await report(a.id, '192.0.2.4', {})).statusCode).toBe(201);
  });

  it('hides the alert once three distinct clients reported it', async () => {
    const a = await add({ animal: 'wolf' });
    const before = await count();
    expect((await report(a.id, '192.0.2.10')).statusCode).toBe(201);
    expect((await report(a.id, '192.0.2.11')).statusCode).toBe(201);
    await expectVisible(a);
    expect((await report(a.id, '2001:db8::1')).statusCode).toBe(201);
    await expectInvisible(a);
    expect(await count()).toBe(before - 1);
    // Hidden: nothing more to report.
    expectProblem(await report(a.id, '192.0.2.12'), 404);
  });

  it('hides exactly once when three clients report at the same moment', async () => {
    const a = await add();
    const answers = await Promise.all(['192.0.2.20', '192.0.2.21', '192.0.2.22', '192.0.2.23'].map((ip) => report(a.id, ip)));
    // Whoever came after the third found it hidden.
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 404]);
    await expectInvisible(a);
    const log = await t.app.db.query<{ action: string }>('SELECT action FROM moderation_log WHERE alert_id = $1', [a.id]);
    expect(log.map((l) => l.action)).toEqual(['hidden-by-reports']);
  });

  it('answers 404 for an unknown, malformed or hidden alert', async () => {
    expectProblem(await report('00000000-0000-4000-8000-000000000000', '192.0.2.30'), 404);
    expectProblem(await report('not-a-uuid', '192.0.2.30'), 404);
    const a = await add();
    await hide(a.id);
    expectProblem(await report(a.id, '192.0.2.30'), 404);
  });

  it.each([
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }, 'reason'],
    ['a reason that is not text', { reason: 5 }, 'reason'],
    ['a NUL character', { reason: 'a\u0000b' }, 'reason'],
    ['an unknown field', { reason: 'x', alertId: 'y' }, 'alertId'],
    ['an array', [1], 'body'],
  ])('refuses %s with 400 and stores nothing', async (_name, payload, field) => {
    const a = await add();
    const body = expectProblem(await report(a.id, '192.0.2.40', payload), 400);
    expect(Object.keys(body.errors)).toContain(field);
    const rows = await t.app.db.query('SELECT 1 FROM alert_reports WHERE alert_id = $1', [a.id]);
    expect(rows).toEqual([]);
  });
});

describe('GET /moderation/reports and restoring', () => {
  it('lists reported alerts, hidden first, at their exact points, for the moderator only', async () => {
    const visible = await add({ comments: 'reported once' });
    const hidden = await add({ animal: 'lynx', comments: 'reported thrice' });
    const quiet = await add({ comments: 'never reported' });
    await report(visible.id, '198.51.100.1', { reason: 'nieprawda' });
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await report(hidden.id, ip, { reason: `from ${ip}` });

    const list = await reported();
    const ids = list.map((r) => r.alert.id);
    expect(ids).toContain(visible.id);
    expect(ids).not.toContain(quiet.id);
    expect(ids.indexOf(hidden.id)).toBeLessThan(ids.indexOf(visible.id));
    const entry = list.find((r) => r.alert.id === hidden.id)!;
    expect(entry).toMatchObject({ hidden: true, hiddenBy: 'reports', hiddenAt: expect.stringMatching(/Z$/) });
    expect(entry.reports.map((r) => r.reason).sort()).toEqual(['from 198.51.100.1', 'from 198.51.100.2', 'from 198.51.100.3']);
    expect(entry.reports).toHaveLength(3);
    // The moderator sees the lynx where it was reported, not at its published cell centre.
    expect(hidden.latitude).not.toBe(entry.alert.latitude);
    expect(gridCellCentre(entry.alert)).toEqual({ latitude: hidden.latitude, longitude: hidden.longitude });
    expect(list.find((r) => r.alert.id === visible.id)).toMatchObject({ hidden: false, hiddenBy: null, hiddenAt: null });

    const anonymous = await t.app.inject({ method: 'GET', url: '/moderation/reports' });
    expectProblem(anonymous, 401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('restores a hidden alert; its reviewed reports do not hide it again, new clients can', async () => {
    const a = await add();
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) await report(a.id, ip);
    await expectInvisible(a);

    expectProblem(await restore(a.id, {}), 401);
    await expectInvisible(a);
    const res = await restore(a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.id).toBe(a.id);
    await expectVisible(a);
    expect((await reported()).map((r) => r.alert.id)).not.toContain(a.id);

    // The clients already heard say nothing new...
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await report(a.id, ip)).statusCode).toBe(200);
    await expectVisible(a);
    // ...three others hide it again, for another review.
    for (const ip of ['203.0.113.4', '203.0.113.5']) expect((await report(a.id, ip)).statusCode).toBe(201);
    await expectVisible(a);
    expect((await report(a.id, '203.0.113.6')).statusCode).toBe(201);
    await expectInvisible(a);
    const log = await t.app.db.query<{ action: string }>('SELECT action FROM moderation_log WHERE alert_id = $1 ORDER BY id', [a.id]);
    expect(log.map((l) => l.action)).toEqual(['hidden-by-reports', 'restored', 'hidden-by-reports']);
  });

  it('restores an alert the moderator hid, and dismisses the reports of a visible one', async () => {
    const a = await add();
    await hide(a.id);
    expect((await restore(a.id)).statusCode).toBe(200);
    await expectVisible(a);

    const b = await add();
    await report(b.id, '203.0.113.20');
    expect((await reported()).map((r) => r.alert.id)).toContain(b.id);
    expect((await restore(b.id)).statusCode).toBe(200);
    expect((await reported()).map((r) => r.alert.id)).not.toContain(b.id);
  });

  it('answers 404 when restoring an unknown alert', async () => {
    expectProblem(await restore('00000000-0000-4000-8000-000000000000'), 404);
    expectProblem(await restore('x'), 404);
  });
});

describe('GET /Alerts/{id} with the moderator token', () => {
  it('answers a sensitive species at its exact point; the public gets the cell centre', async () => {
    const exact = { latitude: 50.123456, longitude: 19.987654 };
    const a = await add({ ...exact, animal: 'bear' });
    const pub = await read(a.id);
    expect(pub.json().data).toMatchObject(gridCellCentre(exact));
    expect(pub.json().data.latitude).not.toBe(exact.latitude);
    expect(pub.headers.vary).toMatch(/authorization/i);

    const mod = await read(a.id, ADMIN);
    expect(mod.statusCode).toBe(200);
    expect(mod.json().data).toEqual({ ...pub.json().data, ...exact });
    expect(mod.headers['cache-control']).toBe('private, no-store');
    // A search never shows the exact point, with or without the token.
    const found = (await search(pub.json().data)).find((x) => x.id === a.id)!;
    expect(found).toMatchObject(gridCellCentre(exact));
  });

  it('refuses a wrong token with 401 instead of quietly answering the public view', async () => {
    const a = await add({ animal: 'wolf' });
    const res = await read(a.id, { authorization: 'Bearer not-the-token-at-all' });
    expectProblem(res, 401);
    expect(res.body).not.toContain(a.id.slice(0, 8) + '"');
  });
});

describe('comments', () => {
  it('are stored and answered verbatim, as JSON text: markup is never interpreted or altered', async () => {
    const comments = `<script>alert(1)</script><img src=x onerror="alert('x')"> &amp; {{7*7}} \${x} '; DROP TABLE alerts;--`;
    const a = await add({ comments });
    expect(a.comments).toBe(comments);
    const res = await read(a.id);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json().data.comments).toBe(comments);
    expect((await search(a)).find((x) => x.id === a.id)?.comments).toBe(comments);
  });
});
