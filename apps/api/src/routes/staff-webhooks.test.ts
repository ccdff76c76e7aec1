/**
 * The staff routes of webhooks: who may add, delete, rotate and test an organisation's endpoints
 * (admins) and read their delivery log (the organisation's members and admins; 403 for anyone
 * else), each admin action in the audit log, and URLs that would reach the server's own network
 * refused with a problem and never connected to.
 */
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@wildalert/shared';
import { createTestApp, staffToken, type TestApp } from '../../test/helpers.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';

let t: TestApp;
let receiver: WebhookReceiver;
let admin: string;
let orgA: string;
let orgB: string;
/** A responder of organisation A, of B, and a moderator of none. */
let responderA: string;
let responderB: string;
let outsider: string;

async function insertOrganisation(name: string): Promise<string> {
  const [row] = await t.app.db.query<{ id: string }>('INSERT INTO organisations (name) VALUES ($1) RETURNING id', [JSON.stringify({ pl: name })]);
  return row!.id;
}

/** A member of staff with an API token, made a member of `organisationId` when given. */
async function member(role: 'responder' | 'moderator', name: string, organisationId?: string): Promise<string> {
  const token = await staffToken(t.app, role, name);
  if (organisationId) {
    await t.app.db.query('INSERT INTO organisation_members (organisation_id, account_id) SELECT $1, id FROM staff_accounts WHERE name = $2', [organisationId, name]);
  }
  return token;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The receiver's certificate is trusted, its host is not: were anything to connect, it would get through TLS.
  t = await createTestApp({ WEBHOOK_CA_FILE: receiver.caFile });
  admin = await staffToken(t.app, 'admin', 'Ada Admin');
  orgA = await insertOrganisation('Straż Miejska');
  orgB = await insertOrganisation('Powiatowy Lekarz Weterynarii');
  responderA = await member('responder', 'Rita of A', orgA);
  responderB = await member('responder', 'Rob of B', orgB);
  outsider = await member('moderator', 'Mo of none');
});
afterAll(async () => {
  await t?.dispose();
  await receiver?.close();
});

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | undefined, payload?: object) =>
  t.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });

/** An endpoint of `organisationId` stored as an admin would add one on the public internet (.invalid: its name never resolves). */
async function storedEndpoint(organisationId: string, url = 'https://hooks.wildalert.invalid/hook'): Promise<string> {
  const [row] = await t.app.db.query<{ id: string }>(`INSERT INTO webhook_endpoints (organisation_id, url, secret) VALUES ($1, $2, 'whsec_c2VjcmV0') RETURNING id`, [organisationId, url]);
  return row!.id;
}

async function auditOf(subject: string): Promise<Array<{ action: string; actor: string }>> {
  return t.app.db.query('SELECT action, actor FROM audit_log WHERE subject = $1 ORDER BY id', [subject]);
}

describe('adding an endpoint', () => {
  it('answers its secret once; the list never shows it; the audit log has it', async () => {
    // Nothing listens there: an address on the public internet (TEST-NET-3 is not, hence a documentation one would be refused).
    const res = await send('POST', `/staff/organisations/${orgA}/webhooks`, admin, { url: 'https://8.8.8.8/wildalert?token=x', description: 'Dispatch' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ data: WebhookEndpointWithSecret }>().data;
    expect(created).toMatchObject({ organisationId: orgA, url: 'https://8.8.8.8/wildalert?token=x', description: 'Dispatch', enabled: true, previousSecretUntil: null });
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(res.headers['cache-control']).toBe('no-store');
    const listed = await send('GET', `/staff/organisations/${orgA}/webhooks`, admin);
    expect(listed.json<{ data: WebhookEndpoint[] }>().data).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);
    expect(listed.body).not.toContain(created.secret.slice(6));
    expect(await auditOf(created.id)).toEqual([{ action: 'webhook-created', actor: 'Ada Admin' }]);
    await send('DELETE', `/staff/organisations/${orgA}/webhooks/${created.id}`, admin);
  });

  it.each([
    ['http://hooks.example.org/x', 'not_https'],
    ['ftp://hooks.example.org/x', 'not_https'],
    ['not a url', 'not_https'],
    ['https://user:password@hooks.example.org/x', 'invalid'],
    ['https://127.0.0.1:PORT/hook', 'not_public_address'],
    ['https://localhost:PORT/hook', 'not_public_address'],
    ['https://[::1]:PORT/hook', 'not_public_address'],
    ['https://[::ffff:127.0.0.1]:PORT/hook', 'not_public_address'],
    ['https://2130706433:PORT/hook', 'not_public_address'],
    ['https://169.254.169.254/latest/meta-data', 'not_public_address'],
    ['https://10.1.2.3/hook', 'not_public_address'],
    ['https://192.168.0.1/hook', 'not_public_address'],
    // This machine's own name: a private address, or none.
    [`https://${os.hostname()}:PORT/hook`, 'not_public_address'],
  ])('refuses %s with a problem (%s), stores nothing and connects to nothing', async (url, code) => {
    const port = receiver.host.split(':')[1]!;
    const res = await send('POST', `/staff/organisations/${orgA}/webhooks`, admin, { url: url.replace('PORT', port) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ type: '/problems/validation', status: 400, errors: { url: [{ code }] } });
    expect(await t.app.db.query('SELECT 1 FROM webhook_endpoints WHERE url = $1', [url.replace('PORT', port)])).toEqual([]);
    expect(receiver.connections()).toBe(0);
  });

  it('is for admins: a member of the organisation gets 403, no token 401', async () => {
    expect((await send('POST', `/staff/organisations/${orgA}/webhooks`, responderA, { url: 'https://8.8.8.8/' })).statusCode).toBe(403);
    expect((await send('POST', `/staff/organisations/${orgA}/webhooks`, undefined, { url: 'https://8.8.8.8/' })).statusCode).toBe(401);
    const unknown = await send('POST', `/staff/organisations/${crypto.randomUUID()}/webhooks`, admin, { url: 'https://8.8.8.8/' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('an endpoint whose address turned internal after it was added', () => {
  it('is never connected to: each attempt fails, and the log says why', async () => {
    const port = receiver.host.split(':')[1]!;
    const literal = await storedEndpoint(orgA, `https://127.0.0.1:${port}/hook`);
    const named = await storedEndpoint(orgA, `https://${os.hostname()}:${port}/hook`);
    const queued = await send('POST', `/staff/organisations/${orgA}/webhooks/${literal}/test`, admin);
    expect(queued.statusCode, queued.body).toBe(202);
    await send('POST', `/staff/organisations/${orgA}/webhooks/${named}/test`, admin);
    await t.app.webhooks.delivery.flush();
    for (const id of [literal, named]) {
      const [delivery] = (await send('GET', `/staff/organisations/${orgA}/webhooks/${id}/deliveries`, admin)).json<{ data: WebhookDelivery[] }>().data;
      expect(delivery).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: 1, lastStatusCode: null });
      expect(delivery!.lastError).toMatch(/^not sent: |ENOTFOUND|EAI_AGAIN/);
    }
    expect(receiver.connections()).toBe(0);
    await t.app.db.query('DELETE FROM webhook_endpoints WHERE id = ANY ($1::uuid[])', [[literal, named]]);
  });
});

describe('the delivery log', () => {
  it('is shown to the organisation’s members and admins, newest first; 403 for a responder of another organisation or of none', async () => {
    const hook = await storedEndpoint(orgA);
    const res = await send('POST', `/staff/organisations/${orgA}/webhooks/${hook}/test`, admin);
    const queued = res.json<{ data: WebhookDelivery }>().data;
    expect(queued).toMatchObject({ id: expect.stringMatching(/^msg_/), type: 'webhook.test', status: 'pending', attempts: 0 });
    const url = `/staff/organisations/${orgA}/webhooks/${hook}/deliveries`;
    for (const token of [admin, responderA]) {
      const log = await send('GET', url, token);
      expect(log.statusCode, log.body).toBe(200);
      expect(log.json<{ data: WebhookDelivery[] }>().data.map((d) => d.id)).toEqual([queued.id]);
    }
    for (const token of [responderB, outsider]) {
      const refused = await send('GET', url, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.body).not.toContain(queued.id);
      expect((await send('GET', `/staff/organisations/${orgA}/webhooks`, token)).statusCode).toBe(403);
    }
    expect((await send('GET', url, undefined)).statusCode).toBe(401);
    // B's member sees B's own: none.
    expect((await send('GET', `/staff/organisations/${orgB}/webhooks`, responderB)).json()).toEqual({ data: [] });
    // A's endpoint under B's path: there is none.
    expect((await send('GET', `/staff/organisations/${orgB}/webhooks/${hook}/deliveries`, admin)).statusCode).toBe(404);
    expect((await send('GET', `/staff/organisations/${orgA}/webhooks/${crypto.randomUUID()}/deliveries`, admin)).statusCode).toBe(404);
    expect((await send('GET', `/staff/organisations/${orgA}/webhooks/nope/deliveries`, admin)).statusCode).toBe(404);
    await t.app.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [hook]);
  });
});

describe('admin actions', () => {
  it('rotate, test and delete: admins only, each in the audit log; a deleted endpoint takes its log along', async () => {
    const hook = await storedEndpoint(orgA);
    for (const path of ['rotate-secret', 'test']) {
      expect((await send('POST', `/staff/organisations/${orgA}/webhooks/${hook}/${path}`, responderA)).statusCode).toBe(403);
    }
    expect((await send('DELETE', `/staff/organisations/${orgA}/webhooks/${hook}`, responderA)).statusCode).toBe(403);
    const rotated = await send('POST', `/staff/organisations/${orgA}/webhooks/${hook}/rotate-secret`, admin);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json<{ data: WebhookEndpointWithSecret }>().data.secret).toMatch(/^whsec_/);
    expect((await send('POST', `/staff/organisations/${orgA}/webhooks/${hook}/test`, admin)).statusCode).toBe(202);
    expect((await send('DELETE', `/staff/organisations/${orgB}/webhooks/${hook}`, admin)).statusCode).toBe(404);
    expect((await send('DELETE', `/staff/organisations/${orgA}/webhooks/${hook}`, admin)).statusCode).toBe(204);
    expect((await send('DELETE', `/staff/organisations/${orgA}/webhooks/${hook}`, admin)).statusCode).toBe(404);
    expect((await send('GET', `/staff/organisations/${orgA}/webhooks/${hook}/deliveries`, admin)).statusCode).toBe(404);
    expect(await t.app.db.query('SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1', [hook])).toEqual([]);
    expect((await auditOf(hook)).map((a) => a.action)).toEqual(['webhook-secret-rotated', 'webhook-tested', 'webhook-deleted']);
  });
});
