/**
 * Server mode: several API instances on one PostgreSQL send each webhook message once when
 * nothing fails, and when one dies mid-attempt, another sends the same message (same
 * webhook-id) once its lease runs out: at least once, with the id to drop a repeat.
 */
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpointWithSecret } from '@wildalert/shared';
import { enqueueWebhooks } from '../src/webhooks/webhooks-repository.ts';
import { createTestApp, staffToken, type TestApp } from './helpers.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

let a: TestApp;
let b: TestApp;
let receiver: WebhookReceiver;
let admin: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const env = { WEBHOOK_TRUSTED_HOSTS: receiver.host, WEBHOOK_CA_FILE: receiver.caFile, WEBHOOK_TIMEOUT_MS: '5000' };
  a = await createTestApp(env);
  b = await createTestApp(env, {}, a.database);
  admin = await staffToken(a.app, 'admin');
});
afterAll(async () => {
  await b?.close();
  await a?.dispose();
  await receiver?.close();
});
afterEach(() => {
  vi.useRealTimers();
  expect(receiver.refused).toEqual([]);
});

let count = 0;
async function endpoint(): Promise<{ organisationId: string; hookId: string; path: string }> {
  const n = ++count;
  const [org] = await a.app.db.query<{ id: string }>('INSERT INTO organisations (name) VALUES ($1) RETURNING id', [JSON.stringify({ pl: `Org ${n}` })]);
  const path = `instances-${n}`;
  const res = await b.app.inject({ method: 'POST', url: `/staff/organisations/${org!.id}/webhooks`, headers: { authorization: `Bearer ${admin}` }, payload: { url: receiver.url(path) } });
  expect(res.statusCode, res.body).toBe(201);
  const hook = res.json<{ data: WebhookEndpointWithSecret }>().data;
  receiver.trust(path, hook.secret);
  return { organisationId: org!.id, hookId: hook.id, path };
}

it('sends each message once, whichever instance queued it, while both race for the work', async () => {
  const endpoints = await Promise.all([endpoint(), endpoint(), endpoint()]);
  const before = receiver.received.length;
  const messages = 30;
  await Promise.all(
    Array.from({ length: messages }, (_, i) =>
      (i % 2 ? a : b).app.db.transaction((tx) => enqueueWebhooks(tx, endpoints[i % 3]!.organisationId, 'alert.routed', { alertId: `alert-${i}` })),
    ),
  );
  await receiver.waitFor(before + messages);
  await Promise.all([a.app.webhooks.delivery.flush(), b.app.webhooks.delivery.flush()]);
  await Promise.all([a.app.webhooks.delivery.flush(), b.app.webhooks.delivery.flush()]);
  const got = receiver.received.slice(before);
  expect(got).toHaveLength(messages);
  expect(new Set(got.map((r) => r.id)).size).toBe(messages);
  expect(new Set(got.map((r) => (r.body.data as { alertId: string }).alertId)).size).toBe(messages);
  const rows = await a.app.db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM webhook_deliveries');
  expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
});

it('sends a message again, with the same webhook-id, when the instance that took it died before its lease ran out', async () => {
  const { organisationId, hookId, path } = await endpoint();
  // Queued for a minute ahead, so that neither instance's own loop takes it first.
  const dueAt = new Date(Date.now() + 60_000);
  await a.app.db.transaction((tx) => enqueueWebhooks(tx, organisationId, 'alert.status_changed', { alertId: 'crashed' }, dueAt));
  // Instance A claims it when due, as its loop would, and dies before sending or recording anything.
  const lease = 70_000;
  const [claimed] = await a.app.webhooks.repository.claimDue(10, 2, dueAt, new Date(dueAt.getTime() + lease));
  expect(claimed).toBeDefined();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(dueAt.getTime() + lease - 5_000);
  await b.app.webhooks.delivery.flush();
  expect(receiver.received.filter((r) => r.path === path)).toEqual([]);
  vi.setSystemTime(dueAt.getTime() + lease + 1_000);
  await b.app.webhooks.delivery.flush();
  const got = receiver.received.filter((r) => r.path === path);
  expect(got.map((r) => r.id)).toEqual([claimed!.id]);
  const res = await b.app.inject({ url: `/staff/organisations/${organisationId}/webhooks/${hookId}/deliveries`, headers: { authorization: `Bearer ${admin}` } });
  expect(res.json<{ data: WebhookDelivery[] }>().data).toEqual([expect.objectContaining({ id: claimed!.id, status: 'delivered', attempts: 2 })]);
});
