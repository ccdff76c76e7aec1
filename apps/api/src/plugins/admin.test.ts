/**
 * The moderator's credential: where it is optional, other Authorization schemes are none of ours;
 * wrong tokens tried one after another are slowed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, postAlert, type TestApp } from '../../test/helpers.ts';

const TOKEN = 'moderator-secret-0123456789';
/** What a browser sends to a staging site behind HTTP Basic authentication. */
const BASIC = { authorization: `Basic ${Buffer.from('staging:password').toString('base64')}` };

describe.each([
  ['with ADMIN_TOKEN', { ADMIN_TOKEN: TOKEN }],
  ['without ADMIN_TOKEN', {}],
])('GET /Alerts/{id} %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(() => t.dispose());

  it('answers the public view to a request carrying another scheme (Basic, Digest)', async () => {
    const a = await postAlert(t.app, { latitude: 50.06, longitude: 19.94, animal: 'boar', comments: 'za płotem' });
    for (const authorization of [BASIC.authorization, 'Digest username="staging", realm="x"', 'Negotiate abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/Alerts/${a.id}`, headers: { authorization } });
      expect(res.statusCode, `${authorization}: ${res.body}`).toBe(200);
      expect(res.json().data).toEqual(a);
      expect(res.headers['cache-control']).not.toBe('private, no-store');
    }
  });

  it('still refuses a moderator route to another scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/moderation/reports', headers: BASIC });
    expect(res.statusCode).toBe('ADMIN_TOKEN' in env ? 401 : 403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('wrong moderator tokens, tried one after another', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN: TOKEN });
  });
  afterAll(() => t.dispose());
  afterEach(() => {
    vi.useRealTimers();
  });

  const asModerator = (token: string, remoteAddress: string, url = '/moderation/reports') =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers: { authorization: `Bearer ${token}` } });
  const expectBlocked = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 429, type: '/problems/rate-limited' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  };

  it('are refused 429 with Retry-After after a few a minute from one network, the right token too, until the minute is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const a = await postAlert(t.app, { latitude: 50.06, longitude: 19.94, animal: 'fox' });
    // Guesses on the route where the token is optional count as well.
    for (let i = 0; i < 5; i++) {
      const url = i % 2 ? '/moderation/reports' : `/Alerts/${a.id}`;
      expect((await asModerator(`guess-${i}-0123456789abcdef`, '198.51.100.1', url)).statusCode).toBe(401);
    }
    expectBlocked(await asModerator('guess-5-0123456789abcdef', '198.51.100.1'));
    // The right token from there waits as well: else a guesser would still tell the right one by its answer.
    expectBlocked(await asModerator(TOKEN, '198.51.100.1'));
    // Its whole network (IPv4 /24) waits; other networks do not.
    expectBlocked(await asModerator('guess-6-0123456789abcdef', '198.51.100.200', `/Alerts/${a.id}`));
    expect((await asModerator(TOKEN, '198.51.101.1')).statusCode).toBe(200);

    vi.setSystemTime(Date.now() + 61_000);
    expect((await asModerator(TOKEN, '198.51.100.1')).statusCode).toBe(200);
  });

  it('never slows the right token, nor counts requests that guess nothing (no credential, a malformed one)', async () => {
    for (let i = 0; i < 20; i++) expect((await asModerator(TOKEN, '203.0.113.5')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/moderation/reports', remoteAddress: '203.0.113.6' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/moderation/reports', remoteAddress: '203.0.113.6', headers: { authorization: 'Bearer' } })).statusCode).toBe(401);
    }
    expect((await asModerator(TOKEN, '203.0.113.6')).statusCode).toBe(200);
  });
});
