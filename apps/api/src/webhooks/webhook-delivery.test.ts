/**
 * Webhook delivery against a real receiver on 127.0.0.1 that verifies every request with the
 * `standardwebhooks` library: a message queued in a transaction arrives signed; a 500 or a
 * timeout is retried with the same webhook-id, on the specification's schedule, for a day, then
 * given up; a rotated secret signs beside the old one for 24 hours; 410 Gone disables an
 * endpoint; a dead endpoint holds up no other. The API's clock is faked (Date only) to walk the
 * schedule; the receiver's Webhook.verify reads the same clock.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@wildalert/shared';
import { createTestApp, staffToken, type TestApp } from '../../test/helpers.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { RETRY_DELAYS_MS } from './webhook-delivery.ts';
import { enqueueWebhooks } from './webhooks-repository.ts';

const TIMEOUT_MS = 1_000;

let t: TestApp;
let receiver: WebhookReceiver;
let admin: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ WEBHOOK_TRUSTED_HOSTS: receiver.host, WEBHOOK_CA_FILE: receiver.caFile, WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) });
  admin = await staffToken(t.app, 'admin');
});
afterAll(async () => {
  await t?.dispose();
  await receiver?.close();
});
afterEach(() => {
  vi.useRealTimers();
  expect(receiver.refused).toEqual([]);
});

async function insertOrganisation(app: FastifyInstance, name: string): Promise<string> {
  const [row] = await app.db.query<{ id: string }>('INSERT INTO organisations (name) VALUES ($1) RETURNING id', [JSON.stringify({ pl: name })]);
  return row!.id;
}

let paths = 0;
/** A new organisation with an endpoint on a path of its own, which the receiver verifies with the endpoint's secret. */
async function endpoint(app: FastifyInstance = t.app, token = admin): Promise<{ organisationId: string; hook: WebhookEndpointWithSecret; path: string }> {
  const organisationId = await insertOrganisation(app, `Organisation ${++paths}`);
  const path = `hook-${paths}`;
  const res = await app.inject({
    method: 'POST',
    url: `/staff/organisations/${organisationId}/webhooks`,
    headers: { authorization: `Bearer ${token}` },
    payload: { url: receiver.url(path), description: 'dispatch' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const hook = res.json<{ data: WebhookEndpointWithSecret }>().data;
  receiver.trust(path, hook.secret);
  return { organisationId, hook, path };
}

const entry = (alertId: string) => ({ alertId, status: 'new' });

async function enqueue(organisationId: string, alertId = crypto.randomUUID(), app: FastifyInstance = t.app): Promise<void> {
  await app.db.transaction((tx) => enqueueWebhooks(tx, organisationId, 'alert.routed', entry(alertId)));
}

async function log(organisationId: string, hookId: string, app: FastifyInstance = t.app): Promise<WebhookDelivery[]> {
  const res = await app.inject({ url: `/staff/organisations/${organisationId}/webhooks/${hookId}/deliveries`, headers: { authorization: `Bearer ${admin}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: WebhookDelivery[] }>().data;
}

const arrivals = (path: string) => receiver.received.filter((r) => r.path === path);

/** The API's clock (Date only: timers, the database and sockets keep real time), moved on by hand. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  return {
    async advance(ms: number) {
      vi.setSystemTime(Date.now() + ms);
      await t.app.webhooks.delivery.flush();
    },
  };
}

describe('a message queued in a transaction', () => {
  it('arrives once committed, signed with the endpoint secret, as {type, timestamp, data}', async () => {
    const { organisationId, hook, path } = await endpoint();
    const alertId = crypto.randomUUID();
    // Rolled back: nothing is sent.
    await t.app.db
      .transaction(async (tx) => {
        await enqueueWebhooks(tx, organisationId, 'alert.routed', entry(crypto.randomUUID()));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await enqueue(organisationId, alertId);
    // Nobody calls the delivery: the commit's NOTIFY (or, were it lost, the poll) starts it.
    await receiver.waitFor(1, path);
    const [got] = arrivals(path);
    expect(got!.verifiedBy).toEqual([0]);
    expect(got!.id).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(got!.body).toEqual({ type: 'alert.routed', timestamp: expect.any(String), data: entry(alertId) });
    await t.app.webhooks.delivery.flush();
    const [delivery, ...rest] = await log(organisationId, hook.id);
    expect(rest).toEqual([]);
    expect(delivery).toMatchObject({ id: got!.id, type: 'alert.routed', status: 'delivered', attempts: 1, lastStatusCode: 204, lastError: null, nextAttemptAt: null, failedAt: null });
    expect(delivery!.deliveredAt).not.toBeNull();
  });

  it('goes to every enabled endpoint of the organisation, and to no other organisation', async () => {
    const first = await endpoint();
    const other = await endpoint();
    const res = await t.app.inject({
      method: 'POST',
      url: `/staff/organisations/${first.organisationId}/webhooks`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { url: receiver.url(`${first.path}-second`) },
    });
    receiver.trust(`${first.path}-second`, res.json<{ data: WebhookEndpointWithSecret }>().data.secret);
    await enqueue(first.organisationId);
    await receiver.waitFor(1, `${first.path}-second`);
    await receiver.waitFor(1, first.path);
    await t.app.webhooks.delivery.flush();
    expect(arrivals(other.path)).toEqual([]);
  });
});

describe('retries', () => {
  it('after a 500: again 5 s later (not sooner), with the same webhook-id', async () => {
    const { organisationId, hook, path } = await endpoint();
    receiver.answer(path, 500);
    const clock = fakeClock();
    await enqueue(organisationId);
    await t.app.webhooks.delivery.flush();
    expect(arrivals(path).map((r) => r.answer)).toEqual([500]);
    const [failed] = await log(organisationId, hook.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(Date.parse(failed!.nextAttemptAt!) - Date.parse(failed!.lastAttemptAt!)).toBeGreaterThanOrEqual(5_000 - 1000);
    await clock.advance(3_000);
    expect(arrivals(path)).toHaveLength(1);
    await clock.advance(2_500);
    const [first, second] = arrivals(path);
    expect(second).toMatchObject({ id: first!.id, answer: 204, verifiedBy: [0] });
    expect((await log(organisationId, hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 204 });
  });

  it('after a timeout (an endpoint that does not answer): again, with the same webhook-id', async () => {
    const { organisationId, hook, path } = await endpoint();
    receiver.answer(path, 'hang');
    const clock = fakeClock();
    await enqueue(organisationId);
    await t.app.webhooks.delivery.flush();
    const [timedOut] = await log(organisationId, hook.id);
    expect(timedOut).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: `no answer within ${TIMEOUT_MS} ms` });
    await clock.advance(5_500);
    const [first, second] = arrivals(path);
    expect(first!.answer).toBe('hang');
    expect(second).toMatchObject({ id: first!.id, answer: 204 });
    expect((await log(organisationId, hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('follow the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the message is given up', async () => {
    const { organisationId, hook, path } = await endpoint();
    receiver.answer(path, ...Array<number>(20).fill(503));
    const clock = fakeClock();
    await enqueue(organisationId);
    await t.app.webhooks.delivery.flush();
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      // A second before it is due: nothing.
      await clock.advance(delay - 1_000);
      expect(arrivals(path)).toHaveLength(i + 1);
      await clock.advance(1_500);
      expect(arrivals(path)).toHaveLength(i + 2);
    }
    const sent = arrivals(path);
    expect(new Set(sent.map((r) => r.id)).size).toBe(1);
    const gaps = sent.slice(1).map((r, i) => r.timestamp - sent[i]!.timestamp);
    expect(gaps.map((gap, i) => Math.abs(gap - RETRY_DELAYS_MS[i]! / 1000) <= 2)).toEqual(RETRY_DELAYS_MS.map(() => true));
    const [given] = await log(organisationId, hook.id);
    expect(given).toMatchObject({ status: 'failed', attempts: 8, lastStatusCode: 503, nextAttemptAt: null, deliveredAt: null });
    expect(given!.failedAt).not.toBeNull();
    // Nothing more, ever.
    await clock.advance(48 * 3600_000);
    expect(arrivals(path)).toHaveLength(8);
  });
});

describe('secret rotation', () => {
  it('signs with the new secret and, for 24 hours, with the old one too; then with the new one only', async () => {
    const { organisationId, hook, path } = await endpoint();
    const clock = fakeClock();
    const res = await t.app.inject({ method: 'POST', url: `/staff/organisations/${organisationId}/webhooks/${hook.id}/rotate-secret`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json<{ data: WebhookEndpointWithSecret }>().data;
    expect(rotated.secret).not.toBe(hook.secret);
    expect(Date.parse(rotated.previousSecretUntil!) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    // A receiver that knows only one of them verifies either way: index 0 the old, 1 the new.
    receiver.trust(path, hook.secret, rotated.secret);
    await enqueue(organisationId);
    await t.app.webhooks.delivery.flush();
    expect(arrivals(path).at(-1)!.verifiedBy).toEqual([0, 1]);
    await clock.advance(23 * 3600_000);
    await enqueue(organisationId);
    await t.app.webhooks.delivery.flush();
    expect(arrivals(path).at(-1)!.verifiedBy).toEqual([0, 1]);
    await clock.advance(3600_000 + 1_000);
    await enqueue(organisationId);
    await t.app.webhooks.delivery.flush();
    expect(arrivals(path).at(-1)!.verifiedBy).toEqual([1]);
    expect(arrivals(path)).toHaveLength(3);
    const listed = await t.app.inject({ url: `/staff/organisations/${organisationId}/webhooks`, headers: { authorization: `Bearer ${admin}` } });
    expect(listed.json<{ data: WebhookEndpoint[] }>().data[0]).not.toHaveProperty('secret');
  });
});

describe('410 Gone', () => {
  it('disables the endpoint: nothing more is queued for it, until a delivered test message enables it again', async () => {
    const { organisationId, hook, path } = await endpoint();
    receiver.answer(path, 410);
    await enqueue(organisationId);
    await t.app.webhooks.delivery.flush();
    expect((await log(organisationId, hook.id))[0]).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 410 });
    const list = async () =>
      (await t.app.inject({ url: `/staff/organisations/${organisationId}/webhooks`, headers: { authorization: `Bearer ${admin}` } })).json<{ data: WebhookEndpoint[] }>().data[0]!;
    expect(await list()).toMatchObject({ enabled: false, disabledReason: 'The endpoint answered 410 Gone.' });
    await enqueue(organisationId);
    await t.app.webhooks.delivery.flush();
    expect(arrivals(path)).toHaveLength(1);
    expect(await log(organisationId, hook.id)).toHaveLength(1);

    const test = await t.app.inject({ method: 'POST', url: `/staff/organisations/${organisationId}/webhooks/${hook.id}/test`, headers: { authorization: `Bearer ${admin}` } });
    expect(test.statusCode, test.body).toBe(202);
    await receiver.waitFor(2, path);
    await t.app.webhooks.delivery.flush();
    expect(arrivals(path)[1]!.body.type).toBe('webhook.test');
    expect(await list()).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('also ends a message that was under way when the 410 came (it failed too), rather than leaving it pending', async () => {
    const { organisationId, hook, path } = await endpoint();
    receiver.answer(path, 410, 'hang');
    await enqueue(organisationId);
    await enqueue(organisationId);
    await t.app.webhooks.delivery.flush();
    expect(arrivals(path)).toHaveLength(2);
    const entries = await log(organisationId, hook.id);
    expect(entries.map((d) => d.status)).toEqual(['failed', 'failed']);
    expect(entries.map((d) => d.lastStatusCode ?? d.lastError).sort()).toEqual([410, `no answer within ${TIMEOUT_MS} ms`].sort());
  });
});

describe('a dead endpoint', () => {
  it('holds at most two of its messages under way and none of another endpoint', async () => {
    // A long deadline and room for three at once: without the per-endpoint bound the dead one takes all three.
    const slow = await createTestApp({ WEBHOOK_TRUSTED_HOSTS: receiver.host, WEBHOOK_CA_FILE: receiver.caFile, WEBHOOK_TIMEOUT_MS: '60000', WEBHOOK_CONCURRENCY: '3' });
    try {
      const token = await staffToken(slow.app, 'admin');
      const dead = await endpoint(slow.app, token);
      const live = await endpoint(slow.app, token);
      receiver.answer(dead.path, ...Array<'hang'>(10).fill('hang'));
      for (let i = 0; i < 5; i++) await enqueue(dead.organisationId, undefined, slow.app);
      await receiver.waitFor(2, dead.path);
      await enqueue(live.organisationId, undefined, slow.app);
      await receiver.waitFor(1, live.path);
      expect(arrivals(dead.path)).toHaveLength(2);
      expect(receiver.hanging()).toBe(2);
    } finally {
      await slow.dispose();
    }
  });
});

describe("an organisation's inbox", () => {
  it('sends alert.routed when a report lands in it, and alert.status_changed at each step, each with the inbox entry', async () => {
    const { organisationId, path } = await endpoint();
    // Everywhere, for foxes: this organisation's inbox takes the report.
    await t.app.db.query(`UPDATE organisations SET rules = '[{"animals": ["fox"], "behaviours": null}]' WHERE id = $1`, [organisationId]);
    const res = await t.app.inject({ method: 'POST', url: '/Alerts', payload: { latitude: 50.0716, longitude: 20.0373, animal: 'fox', comments: 'Przy śmietniku' } });
    expect(res.statusCode).toBe(201);
    const alertId = res.json<{ data: { id: string } }>().data.id;
    await receiver.waitFor(1, path);
    expect(arrivals(path)[0]!.body).toMatchObject({ type: 'alert.routed', data: { organisationId, status: 'new', alert: { id: alertId, animal: 'fox' } } });

    const step = await t.app.inject({
      method: 'POST',
      url: `/staff/organisations/${organisationId}/inbox/${alertId}/status`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { status: 'on-the-way' },
    });
    expect(step.statusCode, step.body).toBe(200);
    await receiver.waitFor(2, path);
    expect(arrivals(path)[1]!.body).toMatchObject({ type: 'alert.status_changed', data: { organisationId, status: 'on-the-way', alert: { id: alertId } } });
  });
});
