import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const alert = { latitude: 50.06, longitude: 19.94, animal: 'fox', comments: 'limit' };

function expect429(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status: 429, type: '/problems/rate-limited', detail: expect.stringMatching(/Try again/) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  return retryAfter;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('anonymous writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_POSTS_PER_MINUTE: '3', RATE_LIMIT_POSTS_PER_DAY: '5', RATE_LIMIT_READS_PER_MINUTE: '1000' });
  });
  afterAll(() => t.dispose());

  const post = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/Alerts', payload: alert, remoteAddress, headers });
  const count = async () => (await t.app.inject({ method: 'GET', url: '/health' })).json().alerts as number;

  it('allows a few a minute per address, then answers 429 with Retry-After and stores nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < 3; i++) {
      const res = await post('198.51.100.1');
      expect(res.statusCode).toBe(201);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const before = await count();
    const retryAfter = expect429(await post('198.51.100.1'));
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await count()).toBe(before);
    // Another address has its own allowance.
    expect((await post('198.51.100.2')).statusCode).toBe(201);

    // A minute later the first address may write again, until its day runs out.
    vi.setSystemTime(Date.now() + 61_000);
    expect((await post('198.51.100.1')).statusCode).toBe(201);
    expect((await post('198.51.100.1')).statusCode).toBe(201);
    const dayRefusal = await post('198.51.100.1');
    expect(expect429(dayRefusal)).toBeGreaterThan(23 * 3600);
    expect(dayRefusal.json().detail).toContain('5 writes a day');

    // Still refused after the next minute; free again the next day.
    vi.setSystemTime(Date.now() + 61_000);
    expect429(await post('198.51.100.1'));
    vi.setSystemTime(Date.now() + 24 * 3600_000);
    expect((await post('198.51.100.1')).statusCode).toBe(201);
  });

  it('counts refused and invalid attempts too', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/Alerts', payload: { bad: true }, remoteAddress: '198.51.100.3' });
      expect(res.statusCode).toBe(400);
    }
    expect429(await post('198.51.100.3'));
  });

  it('counts abuse reports against the same allowance', async () => {
    const id = (await post('198.51.100.4')).json().data.id as string;
    const report = () => t.app.inject({ method: 'POST', url: `/Alerts/${id}/reports`, payload: {}, remoteAddress: '198.51.100.4' });
    expect((await report()).statusCode).toBe(201);
    expect((await report()).statusCode).toBe(200);
    expect429(await report());
    expect429(await post('198.51.100.4'));
  });

  it('counts an IPv6 client by its /64, so it cannot rotate addresses within it', async () => {
    expect((await post('2001:db8:1:2::1')).statusCode).toBe(201);
    expect((await post('2001:db8:1:2::2')).statusCode).toBe(201);
    expect((await post('2001:db8:1:2:ffff::3')).statusCode).toBe(201);
    expect429(await post('2001:db8:1:2::4'));
    expect((await post('2001:db8:1:3::1')).statusCode).toBe(201);
  });

  it('does not count writes against the reads allowance, nor reads against the writes', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/Animals', remoteAddress: '198.51.100.5' });
      expect(res.statusCode).toBe(200);
    }
    expect((await post('198.51.100.5')).statusCode).toBe(201);
  });
});

describe('reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_READS_PER_MINUTE: '5' });
  });
  afterAll(() => t.dispose());

  it('allows the configured number a minute per address, then 429 problems', async () => {
    const get = (url: string, remoteAddress = '203.0.113.7') => t.app.inject({ method: 'GET', url, remoteAddress });
    const urls = ['/Animals', '/health', '/Alerts?Latitude=50&Longitude=19', '/Alerts/00000000-0000-4000-8000-000000000000', '/openapi.json'];
    for (const url of urls) expect((await get(url)).statusCode).toBeLessThan(429);
    const retryAfter = expect429(await get('/Animals'));
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await get('/Animals', '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('the client address behind a reverse proxy', () => {
  const postFrom = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({ method: 'POST', url: '/Alerts', payload: alert, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so: a client cannot pick its own address', async () => {
    const t = await createTestApp({ RATE_LIMIT_POSTS_PER_MINUTE: '2' });
    try {
      expect((await postFrom(t, '192.0.2.10', '1.1.1.1')).statusCode).toBe(201);
      expect((await postFrom(t, '192.0.2.10', '2.2.2.2')).statusCode).toBe(201);
      expect429(await postFrom(t, '192.0.2.10', '3.3.3.3'));
    } finally {
      await t.dispose();
    }
  });

  it('counts each forwarded client separately behind a trusted proxy, and only a trusted proxy', async () => {
    const t = await createTestApp({ RATE_LIMIT_POSTS_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' });
    try {
      // Through the proxy at 10.0.0.5: clients by their forwarded address.
      for (const client of ['1.1.1.1', '1.1.1.1', '2.2.2.2', '2.2.2.2', '3.3.3.3']) {
        expect((await postFrom(t, '10.0.0.5', client)).statusCode).toBe(201);
      }
      expect429(await postFrom(t, '10.0.0.5', '1.1.1.1'));
      // A forged header from a client that reaches the server directly changes nothing.
      expect((await postFrom(t, '192.0.2.20', '4.4.4.4')).statusCode).toBe(201);
      expect((await postFrom(t, '192.0.2.20', '5.5.5.5')).statusCode).toBe(201);
      expect429(await postFrom(t, '192.0.2.20', '6.6.6.6'));
      // Only the last hop the trusted proxy added counts: a prefix the client forged is ignored.
      expect429(await postFrom(t, '10.0.0.5', '7.7.7.7, 1.1.1.1'));
    } finally {
      await t.dispose();
    }
  });
});
