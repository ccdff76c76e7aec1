/**
 * The rate limits in Redis (REDIS_URL): shared by every instance, kept across a restart, and
 * counted in each instance's memory while Redis is down or stuck, without keeping anyone waiting.
 * Against a real redis-server on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { freePort, startRedisServer, type RedisServer } from '@wildalert/test-support';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const alert = { latitude: 50.06, longitude: 19.94, animal: 'fox' };

const post = (t: TestApp, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/Alerts', payload: alert, remoteAddress });
const read = (t: TestApp, remoteAddress: string) => t.app.inject({ method: 'GET', url: '/Animals', remoteAddress });
const guess = (t: TestApp, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: '/moderation/reports', remoteAddress, headers: { authorization: 'Bearer wa_not-a-token-of-anyone' } });
const statuses = async (answers: Array<Promise<LightMyRequestResponse>>) => (await Promise.all(answers)).map((res) => res.statusCode);

function expect429(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('with REDIS_URL', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.stop());

  it('counts a client once across two instances, and a restarted instance counts on', async () => {
    const env = { REDIS_URL: redis.url, RATE_LIMIT_POSTS_PER_MINUTE: '3', RATE_LIMIT_READS_PER_MINUTE: '4' };
    const a = await createTestApp(env);
    let b = await createTestApp(env, {}, a.database);
    try {
      // Writes: three a minute, wherever they land.
      expect(await statuses([post(a, '198.51.100.1'), post(b, '198.51.100.1'), post(a, '198.51.100.1')])).toEqual([201, 201, 201]);
      expect429(await post(b, '198.51.100.1'));
      // Reads: four a minute.
      expect(await statuses([read(a, '198.51.100.2'), read(b, '198.51.100.2'), read(b, '198.51.100.2'), read(a, '198.51.100.2')])).toEqual([200, 200, 200, 200]);
      expect429(await read(b, '198.51.100.2'));
      // Wrong API tokens: five a minute per network.
      expect(await statuses([guess(a, '203.0.113.1'), guess(b, '203.0.113.2'), guess(a, '203.0.113.3')])).toEqual([401, 401, 401]);
      expect(await statuses([guess(b, '203.0.113.4'), guess(a, '203.0.113.5')])).toEqual([401, 401]);
      expect429(await guess(b, '203.0.113.6'));

      // A burst at once is counted as it comes: five wrong tokens compared, no more.
      const burst = await statuses(Array.from({ length: 20 }, () => guess(a, '203.0.120.1')));
      expect(burst.filter((status) => status === 401)).toHaveLength(5);
      expect(burst.filter((status) => status === 429)).toHaveLength(15);

      // A restart forgets none of it.
      await b.close();
      b = await createTestApp(env, {}, a.database);
      expect429(await post(b, '198.51.100.1'));
      expect429(await read(b, '198.51.100.2'));
      expect429(await guess(b, '203.0.113.7'));
      // Others are as free as ever.
      expect((await post(b, '198.51.100.9')).statusCode).toBe(201);
    } finally {
      await b.close();
      await a.dispose();
    }
  });
});

describe('when Redis does not answer', () => {
  it('answers at once while Redis is stuck, then gone, counting in memory meanwhile; shared again once Redis answers', { timeout: 30_000 }, async () => {
    const redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_POSTS_PER_MINUTE: '2' };
    const a = await createTestApp(env);
    const b = await createTestApp(env, {}, a.database);
    try {
      // Stuck (a paused host): each call meets its deadline and counts in this instance's memory.
      redis.freeze();
      expect(await statuses([post(a, '198.51.100.1'), post(a, '198.51.100.1')])).toEqual([201, 201]);
      expect429(await post(a, '198.51.100.1'));
      expect((await post(b, '198.51.100.1')).statusCode).toBe(201);
      redis.thaw();
      // Answering again: shared again once the instances ask it again, after their 2 s of rest
      // (nothing of the outage was written to Redis).
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect(await statuses([post(a, '198.51.100.2'), post(b, '198.51.100.2')])).toEqual([201, 201]);
      expect429(await post(a, '198.51.100.2'));

      // Gone: refused connections, and the same.
      await redis.stop();
      expect(await statuses([post(b, '198.51.100.3'), post(b, '198.51.100.3')])).toEqual([201, 201]);
      expect429(await post(b, '198.51.100.3'));
      expect((await read(a, '198.51.100.3')).statusCode).toBe(200);
    } finally {
      await redis.stop();
      // Closing does not wait for Redis either.
      await b.close();
      await a.dispose();
    }
  });

  it('starts and serves while Redis is not there', async () => {
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, RATE_LIMIT_POSTS_PER_MINUTE: '1' });
    try {
      expect((await post(t, '198.51.100.1')).statusCode).toBe(201);
      expect429(await post(t, '198.51.100.1'));
    } finally {
      await t.dispose();
    }
  });
});
