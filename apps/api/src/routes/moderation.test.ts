import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { LIMIT_MAX, type Alert } from '@wildalert/shared';
import { createTestApp, engine, type TestApp } from '../../test/helpers.ts';
import { openStream } from '@wildalert/test-support';
import { gridCellCentre } from '../repositories/public-location.ts';

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

/**
 * Client addresses in a network (IPv4 /24) no other test uses: a network counts once per
 * alert, and its automatic hides are budgeted per day, so tests must not share networks.
 */
let networks = 0;
function network(): (host: number) => string {
  networks += 1;
  const prefix = `10.${networks >> 8}.${networks & 255}`;
  return (host) => `${prefix}.${host}`;
}
/** The same for IPv6: one /48, its /64s by number. */
function network6(): (subnet: number) => string {
  networks += 1;
  return (subnet) => `2001:db8:${networks.toString(16)}:${subnet.toString(16)}::1`;
}
/** One address in each of `n` fresh networks. */
const fresh = (n: number) => Array.from({ length: n }, () => network()(1));

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
  const res = await t.app.inject({ method: 'GET', url: `/moderation/reports?limit=${LIMIT_MAX}`, headers: ADMIN });
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

const isHidden = async (a: Alert) => (await read(a.id)).statusCode === 404;

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
  // Configuration, whatever the database (its queries run on both engines in the other tests): once, on PostgreSQL.
  it.runIf(engine() === 'postgres')('refuses every moderator request with 403 and still takes reports', async () => {
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
  it('stores a report (201), counts a network once (200, never showing another visitor\'s reason)', async () => {
    const a = await add();
    const home = network();
    const first = await report(a.id, home(1), { reason: 'Spam z reklamą' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ alertId: a.id, reason: 'Spam z reklamą' });
    const { reportedAt } = first.json().data;
    expect(reportedAt).toMatch(/Z$/);
    const again = await report(a.id, home(1), { reason: 'again' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ alertId: a.id, reason: 'again', reportedAt });
    // The same client many times, a neighbour in its /24, and one other network do not hide it.
    for (let i = 0; i < 5; i++) await report(a.id, home(1));
    const neighbour = await report(a.id, home(2));
    expect(neighbour.json().data).toEqual({ alertId: a.id, reason: '', reportedAt });
    expect(neighbour.body).not.toContain('Spam');
    expect((await report(a.id, network()(1))).statusCode).toBe(201);
    await expectVisible(a);
  });

  it('takes a report with no body or an empty object', async () => {
    const a = await add();
    const bare = await report(a.id, network()(3));
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json().data.reason).toBe('');
    expect((await report(a.id, network()(4), {})).statusCode).toBe(201);
  });

  it('hides the alert at once when visitors from three networks reported it', async () => {
    const a = await add({ animal: 'wolf' });
    const before = await count();
    expect((await report(a.id, network()(10))).statusCode).toBe(201);
    expect((await report(a.id, network()(11))).statusCode).toBe(201);
    await expectVisible(a);
    expect((await report(a.id, network6()(1))).statusCode).toBe(201);
    await expectInvisible(a);
    expect(await count()).toBe(before - 1);
    // Hidden: nothing more to report.
    expectProblem(await report(a.id, network()(12)), 404);
  });

  it('counts clients within one IPv6 /48 or one IPv4 /24 as one network', async () => {
    const a = await add();
    const home = network6();
    const first = await report(a.id, home(0), { reason: 'first' });
    expect(first.statusCode).toBe(201);
    // 300 /64s of one /48: one report, the first.
    for (let subnet = 1; subnet < 300; subnet++) {
      const res = await report(a.id, home(subnet), { reason: `from /64 number ${subnet}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.reportedAt).toBe(first.json().data.reportedAt);
    }
    const office = network();
    expect((await report(a.id, office(1))).statusCode).toBe(201);
    for (let host = 2; host < 255; host++) expect((await report(a.id, office(host))).statusCode).toBe(200);
    const rows = await t.app.db.query('SELECT 1 FROM alert_reports WHERE alert_id = $1', [a.id]);
    expect(rows).toHaveLength(2);
    await expectVisible(a);
    // A third network is what hides it.
    expect((await report(a.id, network()(1))).statusCode).toBe(201);
    await expectInvisible(a);
  });

  it('hides exactly once when three networks report at the same moment', async () => {
    const a = await add();
    const answers = await Promise.all(fresh(4).map((ip) => report(a.id, ip)));
    // Whoever came after the third found it hidden.
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 404]);
    await expectInvisible(a);
    const log = await t.app.db.query<{ action: string }>('SELECT action FROM moderation_log WHERE alert_id = $1', [a.id]);
    expect(log.map((l) => l.action)).toEqual(['hidden-by-reports']);
  });

  it('hides at most 3 of 10 fresh alerts a day for three networks acting together; the rest queue, visible', async () => {
    const crew = [network()(1), network()(1), network6()(1)];
    const centre = place();
    const alerts: Alert[] = [];
    for (let i = 0; i < 10; i++) alerts.push(await add({ latitude: centre.latitude + i * 0.0005, longitude: centre.longitude }));
    for (const a of alerts) {
      for (const ip of crew) expect((await report(a.id, ip, { reason: 'fake' })).statusCode).toBe(201);
    }
    const hidden = [];
    for (const a of alerts) hidden.push(await isHidden(a));
    // Each network's budget of 3 automatic hides went on the first three alerts.
    expect(hidden).toEqual([true, true, true, false, false, false, false, false, false, false]);
    const kept = alerts.slice(3);
    const found = (await search(alerts[0]!)).map((x) => x.id);
    for (const a of kept) {
      expect(found).toContain(a.id);
      expect((await read(a.id)).statusCode).toBe(200);
    }
    // The moderator finds the other seven queued: visible, with their three open reports.
    const queue = await reported();
    for (const a of kept) {
      const entry = queue.find((r) => r.alert.id === a.id);
      expect(entry).toMatchObject({ hidden: false, hiddenBy: null });
      expect(entry?.reports).toHaveLength(3);
    }
    // Visitors from three other networks still hide one of them at once.
    for (const ip of fresh(3)) expect((await report(kept[0]!.id, ip)).statusCode).toBe(201);
    expect(await isHidden(kept[0]!)).toBe(true);
    expect(await isHidden(kept[1]!)).toBe(false);
  });

  it('keeps the budget when three networks report ten alerts all at once', async () => {
    const crew = fresh(3);
    const alerts: Alert[] = [];
    for (let i = 0; i < 10; i++) alerts.push(await add());
    const answers = await Promise.all(alerts.flatMap((a) => crew.map((ip) => report(a.id, ip))));
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);
    const hidden = await Promise.all(alerts.map(isHidden));
    expect(hidden.filter(Boolean)).toHaveLength(3);
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
    const reporters = fresh(3);
    await report(visible.id, reporters[0]!, { reason: 'nieprawda' });
    for (const [i, ip] of reporters.entries()) await report(hidden.id, ip, { reason: `from ${i}` });

    const list = await reported();
    const ids = list.map((r) => r.alert.id);
    expect(ids).toContain(visible.id);
    expect(ids).not.toContain(quiet.id);
    expect(ids.indexOf(hidden.id)).toBeLessThan(ids.indexOf(visible.id));
    const entry = list.find((r) => r.alert.id === hidden.id)!;
    expect(entry).toMatchObject({ hidden: true, hiddenBy: 'reports', hiddenAt: expect.stringMatching(/Z$/) });
    expect(entry.reports.map((r) => r.reason).sort()).toEqual(['from 0', 'from 1', 'from 2']);
    expect(entry.reports).toHaveLength(3);
    // The moderator sees the lynx where it was reported, not at its published cell centre.
    expect(hidden.latitude).not.toBe(entry.alert.latitude);
    expect(gridCellCentre(entry.alert)).toEqual({ latitude: hidden.latitude, longitude: hidden.longitude });
    expect(list.find((r) => r.alert.id === visible.id)).toMatchObject({ hidden: false, hiddenBy: null, hiddenAt: null });

    const anonymous = await t.app.inject({ method: 'GET', url: '/moderation/reports' });
    expectProblem(anonymous, 401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('restores a hidden alert, which reports never hide again: they queue for the moderator', async () => {
    const a = await add();
    const first = fresh(3);
    for (const ip of first) await report(a.id, ip);
    await expectInvisible(a);

    expectProblem(await restore(a.id, {}), 401);
    await expectInvisible(a);
    const res = await restore(a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.id).toBe(a.id);
    await expectVisible(a);
    expect((await reported()).map((r) => r.alert.id)).not.toContain(a.id);

    // The networks already heard say nothing new...
    for (const ip of first) expect((await report(a.id, ip)).statusCode).toBe(200);
    await expectVisible(a);
    // ...and three new ones only queue it for another look.
    for (const ip of fresh(3)) expect((await report(a.id, ip, { reason: 'again' })).statusCode).toBe(201);
    await expectVisible(a);
    const entry = (await reported()).find((r) => r.alert.id === a.id);
    expect(entry).toMatchObject({ hidden: false, reports: [{ reason: 'again' }, { reason: 'again' }, { reason: 'again' }] });
    const log = await t.app.db.query<{ action: string }>('SELECT action FROM moderation_log WHERE alert_id = $1 ORDER BY id', [a.id]);
    expect(log.map((l) => l.action)).toEqual(['hidden-by-reports', 'restored']);
  });

  it('restores an alert the moderator hid, and dismisses the reports of a visible one', async () => {
    const a = await add();
    await hide(a.id);
    expect((await restore(a.id)).statusCode).toBe(200);
    await expectVisible(a);

    const b = await add();
    await report(b.id, network()(20));
    expect((await reported()).map((r) => r.alert.id)).toContain(b.id);
    expect((await restore(b.id)).statusCode).toBe(200);
    expect((await reported()).map((r) => r.alert.id)).not.toContain(b.id);
    // Reviewed: three new networks queue it again, and it stays visible.
    for (const ip of fresh(3)) expect((await report(b.id, ip)).statusCode).toBe(201);
    await expectVisible(b);
    expect((await reported()).find((r) => r.alert.id === b.id)?.reports).toHaveLength(3);
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

describe('an attack over HTTP: three addresses follow the live stream and report every new alert', () => {
  /** One request from a local address of our choosing (Linux routes all of 127.0.0.0/8 to loopback). */
  function from(localAddress: string, port: number, method: string, path: string, body?: object) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          localAddress,
          agent: false,
          headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  it('hides 3 of 10 new alerts at most; the others stay on the map', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(origin).port);
    const centre = place();
    const stream = await openStream(`${origin}/Alerts/stream?Latitude=${centre.latitude}&Longitude=${centre.longitude}&Radius=10`);
    try {
      await stream.next('ready');
      const attackers = ['127.10.0.1', '127.20.0.1', '127.30.0.1'];
      const ids: string[] = [];
      const answers: number[] = [];
      for (let i = 0; i < 10; i++) {
        const posted = await from('127.0.0.9', port, 'POST', '/Alerts', { ...centre, animal: 'boar', comments: `walker ${i}` });
        expect(posted.status, posted.body).toBe(201);
        const id = (JSON.parse((await stream.next('alert')).data) as Alert).id;
        ids.push(id);
        const reports = await Promise.all(attackers.map((ip) => from(ip, port, 'POST', `/Alerts/${id}/reports`, { reason: 'fake' })));
        answers.push(...reports.map((r) => r.status));
      }
      expect(answers).toEqual(Array(30).fill(201));
      const reads = await Promise.all(ids.map((id) => from('127.0.0.9', port, 'GET', `/Alerts/${id}`)));
      expect(reads.map((r) => r.status)).toEqual([404, 404, 404, 200, 200, 200, 200, 200, 200, 200]);
      const map = await from('127.0.0.9', port, 'GET', `/Alerts?Latitude=${centre.latitude}&Longitude=${centre.longitude}&Radius=1`);
      expect((JSON.parse(map.body) as { data: Alert[] }).data.map((a) => a.id).sort()).toEqual(ids.slice(3).sort());
    } finally {
      stream.close();
    }
  });
});
