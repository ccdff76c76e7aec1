/**
 * Staff accounts over real HTTP, as the web app walks them: the first admin from the first-start
 * link, invites, passkeys (a software authenticator), sessions and their CSRF token, roles, API
 * tokens, disabling, and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffClient, type Me } from '@wildalert/test-support';
import { createTestApp, postAlert, type TestApp } from '../../test/helpers.ts';
import { firstAdminLink } from '../staff/first-admin.ts';
import { SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_NETWORK } from './staff-sign-in.ts';

let t: TestApp;
let origin: string;
let admin: StaffClient;

beforeAll(async () => {
  // X-Forwarded-For from loopback is believed: each test's "network" is its own.
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
  origin = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  admin = new StaffClient(origin);
  const link = await firstAdminLink(t.app.staff, origin);
  await admin.acceptInvite(link!, 'Anna Admin');
});
afterAll(() => t.dispose());

let networks = 0;
/** A client from a network of its own (X-Forwarded-For). */
const fromNetwork = () => ({ 'x-forwarded-for': `198.51.${100 + ++networks}.7` });

/** A new member of staff of `role`, invited by the admin and signed up with a passkey. */
async function invited(role: Me['role'], name: string): Promise<StaffClient> {
  const { data } = await admin.json<{ data: { link: string; role: string } }>('POST', '/staff/invites', { name, role }, 201);
  expect(data.link).toMatch(new RegExp(`^${origin}/WildAlertApp/staff/invite#[\\w-]{43}$`));
  const member = new StaffClient(origin);
  const me = await member.acceptInvite(data.link);
  expect(me).toMatchObject({ name, role, signedInWith: 'passkey' });
  return member;
}

const problem = async (res: Response, status: number) => {
  expect(res.status, await res.clone().text()).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await res.json()) as { detail: string; type: string };
};

describe('the first admin', () => {
  it('comes from the first-start link, which then works no more; no later start makes another', async () => {
    const me = await admin.json<{ data: Me }>('GET', '/staff/me', undefined, 200);
    expect(me.data).toMatchObject({ name: 'Anna Admin', role: 'admin', signedInWith: 'passkey' });
    expect(me.data.csrfToken).toMatch(/^[\w-]{43}$/);
    expect(await firstAdminLink(t.app.staff, origin)).toBeUndefined();
    const replay = new StaffClient(origin);
    const res = await replay.fetch('POST', '/staff/invites/check', { token: 'x'.repeat(43) });
    await problem(res, 404);
  });

  it('a first-start link made while none existed makes nobody once an admin exists (409)', async () => {
    // Two instances started at once, each printing a link: the first used wins.
    const other = new StaffClient(origin);
    const token = 'y'.repeat(43);
    const { secretHash } = await import('../staff/secrets.ts');
    await t.app.staff.createInvite({ tokenHash: secretHash(token), name: 'Admin', role: 'admin', bootstrap: true, validHours: 1 }, { accountId: null, name: 'test' });
    const { data: options } = await other.json<{ data: never }>('POST', '/staff/invites/registration-options', { token }, 200);
    const res = await other.fetch('POST', '/staff/invites/registration', { token, response: other.authenticator.register(options) });
    expect((await problem(res, 409)).detail).toMatch(/An admin exists already/);
  });
});

describe('invites and passkeys', () => {
  it('an invite makes its account once: a replayed link is refused, and so is an expired one', async () => {
    const { data } = await admin.json<{ data: { link: string; id: string } }>('POST', '/staff/invites', { name: 'Marek', role: 'moderator' }, 201);
    const token = data.link.split('#')[1]!;
    const check = await new StaffClient(origin).json<{ data: { name: string; role: string } }>('POST', '/staff/invites/check', { token }, 200);
    expect(check.data).toMatchObject({ name: 'Marek', role: 'moderator' });
    const open = await admin.json<{ data: Array<{ id: string }> }>('GET', '/staff/invites', undefined, 200);
    expect(open.data.map((i) => i.id)).toContain(data.id);
    expect(JSON.stringify(open)).not.toContain(token);
    await new StaffClient(origin).acceptInvite(data.link);
    const again = new StaffClient(origin);
    await problem(await again.fetch('POST', '/staff/invites/check', { token }), 404);
    await problem(await again.fetch('POST', '/staff/invites/registration-options', { token }), 404);

    const late = await admin.json<{ data: { link: string; id: string } }>('POST', '/staff/invites', { name: 'Late', role: 'responder' }, 201);
    await t.app.db.query(`UPDATE staff_invites SET expires_at = now() - interval '1 second' WHERE id = $1`, [late.data.id]);
    await problem(await again.fetch('POST', '/staff/invites/check', { token: late.data.link.split('#')[1] }), 410);
  });

  it('a second passkey signs in too; the last one cannot be removed', async () => {
    const member = await invited('moderator', 'Ewa');
    const { data: options } = await member.json<{ data: never }>('POST', '/staff/passkeys/options', undefined, 200);
    await member.json('POST', '/staff/passkeys', { response: member.authenticator.register(options), name: 'Laptop' }, 201);
    const { data: passkeys } = await member.json<{ data: Array<{ id: string; name: string }> }>('GET', '/staff/passkeys', undefined, 200);
    expect(passkeys.map((p) => p.name)).toEqual(['', 'Laptop']);
    expect((await member.signIn(passkeys[1]!.id)).name).toBe('Ewa');
    expect((await member.fetch('DELETE', `/staff/passkeys/${passkeys[0]!.id}`)).status).toBe(204);
    expect((await problem(await member.fetch('DELETE', `/staff/passkeys/${passkeys[1]!.id}`), 409)).detail).toMatch(/only passkey/);
    await expect(member.signIn(passkeys[0]!.id)).rejects.toThrow(/401/);
  });
});

describe('sessions', () => {
  it('a session id from before a sign-in is worth nothing after it, and the ceremony cookie never was one', async () => {
    const member = await invited('moderator', 'Piotr');
    const before = new Map(member.cookies);
    await member.signIn();
    const sessionName = [...member.cookies.keys()].find((k) => k.endsWith('wildalert-session'))!;
    expect(member.cookies.get(sessionName)).not.toBe(before.get(sessionName));
    const stale = new StaffClient(origin);
    stale.cookies.set(sessionName, before.get(sessionName)!);
    await problem(await stale.fetch('GET', '/staff/me'), 401);
    // A ceremony under way (its cookie) is not a session, under either name.
    const pending = new StaffClient(origin);
    await pending.fetch('POST', '/staff/sign-in/options', undefined);
    const ceremony = pending.cookies.get('wildalert-ceremony')!;
    expect(ceremony).toMatch(/^[\w-]{43}$/);
    pending.cookies.set('wildalert-session', ceremony);
    await problem(await pending.fetch('GET', '/staff/me'), 401);
  });

  it('the cookie is HttpOnly and SameSite=Lax, and Secure with the __Host- prefix behind HTTPS', async () => {
    const member = await invited('responder', 'Zofia');
    const options = await member.json<{ data: never }>('POST', '/staff/sign-in/options', undefined, 200);
    void options;
    const plain = await t.app.inject({ method: 'POST', url: '/staff/sign-in/options' });
    expect(String(plain.headers['set-cookie'])).toMatch(/^wildalert-ceremony=[\w-]{43}; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax$/);
    // Behind a proxy that terminates TLS (TRUST_PROXY: loopback, X-Forwarded-Proto: https).
    const secure = await t.app.inject({ method: 'POST', url: '/staff/sign-in/options', headers: { 'x-forwarded-proto': 'https' } });
    expect(String(secure.headers['set-cookie'])).toMatch(/^__Host-wildalert-ceremony=[\w-]{43}; Max-Age=300; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('a signed-in write needs its CSRF token: without it nothing changes', async () => {
    const member = await invited('moderator', 'Kasia');
    const alert = await postAlert(t.app, { latitude: 50.05, longitude: 19.95, animal: 'boar' });
    const csrf = member.csrfToken;
    member.csrfToken = undefined;
    const refused = await problem(await member.fetch('DELETE', `/Alerts/${alert.id}`), 403);
    expect(refused.type).toBe('/problems/csrf');
    await problem(await member.fetch('DELETE', `/Alerts/${alert.id}`, undefined, { 'x-csrf-token': 'x'.repeat(43) }), 403);
    expect((await t.app.inject({ url: `/Alerts/${alert.id}` })).statusCode).toBe(200);
    member.csrfToken = csrf;
    expect((await member.fetch('DELETE', `/Alerts/${alert.id}`)).status).toBe(204);
    expect((await t.app.inject({ url: `/Alerts/${alert.id}` })).statusCode).toBe(404);
  });

  it('signs out here, or everywhere', async () => {
    const laptop = await invited('moderator', 'Tomek');
    const phone = new StaffClient(origin, laptop.authenticator);
    await phone.signIn();
    expect((await laptop.fetch('POST', '/staff/sign-out')).status).toBe(204);
    await problem(await laptop.fetch('GET', '/staff/me'), 401);
    expect((await phone.fetch('GET', '/staff/me')).status).toBe(200);
    await laptop.signIn();
    expect((await phone.fetch('POST', '/staff/sign-out-everywhere')).status).toBe(204);
    await problem(await laptop.fetch('GET', '/staff/me'), 401);
    await problem(await phone.fetch('GET', '/staff/me'), 401);
  });

  it('ends when idle longer than STAFF_SESSION_IDLE_MINUTES, and at STAFF_SESSION_HOURS however busy', async () => {
    const member = await invited('moderator', 'Idle');
    await t.app.db.query(`UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE account_id = (SELECT id FROM staff_accounts WHERE name = 'Idle')`);
    await problem(await member.fetch('GET', '/staff/me'), 401);
    await member.signIn();
    await t.app.db.query(`UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE account_id = (SELECT id FROM staff_accounts WHERE name = 'Idle')`);
    await problem(await member.fetch('GET', '/staff/me'), 401);
  });
});

describe('roles, disabling, tokens', () => {
  it('a responder is refused moderation (403) and admin screens; a token does no more than its owner', async () => {
    const responder = await invited('responder', 'Bartek');
    const alert = await postAlert(t.app, { latitude: 50.06, longitude: 19.96, animal: 'fox' });
    expect((await problem(await responder.fetch('DELETE', `/Alerts/${alert.id}`), 403)).detail).toMatch(/moderator role/);
    await problem(await responder.fetch('GET', '/moderation/reports'), 403);
    await problem(await responder.fetch('GET', '/staff/accounts'), 403);
    await problem(await responder.fetch('GET', '/staff/audit'), 403);
    await problem(await responder.fetch('POST', '/staff/invites', { name: 'X', role: 'admin' }), 403);
    await problem(await responder.fetch('POST', '/staff/tokens', { name: 'x', role: 'moderator' }), 403);
    const token = await responder.createToken('responder');
    const res = await fetch(`${origin}/moderation/reports`, { headers: { authorization: `Bearer ${token}` } });
    await problem(res, 403);
  });

  it("a disabled account's session and API tokens stop at once; enabled again, it signs in anew", async () => {
    const member = await invited('moderator', 'Wojtek');
    const token = await member.createToken('moderator');
    const byToken = () => fetch(`${origin}/moderation/reports`, { headers: { authorization: `Bearer ${token}` } });
    expect((await byToken()).status).toBe(200);
    const { id } = (await member.json<{ data: Me }>('GET', '/staff/me', undefined, 200)).data;
    const disabled = await admin.json<{ data: { disabled: boolean } }>('POST', `/staff/accounts/${id}`, { disabled: true }, 200);
    expect(disabled.data.disabled).toBe(true);
    await problem(await member.fetch('GET', '/moderation/reports'), 401);
    await problem(await byToken(), 401);
    expect((await problem(await member.fetch('POST', '/staff/sign-in', { response: member.authenticator.authenticate(await signInOptions(member)) }), 403)).detail).toMatch(
      /disabled/,
    );
    await admin.json('POST', `/staff/accounts/${id}`, { disabled: false }, 200);
    await member.signIn();
    expect((await member.fetch('GET', '/moderation/reports')).status).toBe(200);
  });

  it('a revoked token stops; the last admin cannot be disabled or demoted (409)', async () => {
    const token = await admin.createToken('admin', 'script');
    const { data: tokens } = await admin.json<{ data: Array<{ id: string; name: string }> }>('GET', '/staff/tokens', undefined, 200);
    expect(JSON.stringify(tokens)).not.toContain(token);
    const id = tokens.find((x) => x.name === 'script')!.id;
    expect((await fetch(`${origin}/staff/accounts`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await admin.fetch('DELETE', `/staff/tokens/${id}`)).status).toBe(204);
    await problem(await fetch(`${origin}/staff/accounts`, { headers: { authorization: `Bearer ${token}` } }), 401);
    const me = (await admin.json<{ data: Me }>('GET', '/staff/me', undefined, 200)).data;
    await problem(await admin.fetch('POST', `/staff/accounts/${me.id}`, { disabled: true }), 409);
    await problem(await admin.fetch('POST', `/staff/accounts/${me.id}`, { role: 'moderator' }), 409);
  });
});

const signInOptions = async (client: StaffClient) =>
  (await client.json<{ data: Parameters<StaffClient['authenticator']['authenticate']>[0] }>('POST', '/staff/sign-in/options', undefined, 200)).data;

describe('failed sign-ins', () => {
  it(`are limited per network (${SIGN_IN_FAILURES_PER_NETWORK} a minute): then even the right passkey waits`, async () => {
    const member = await invited('moderator', 'Limited');
    const network = fromNetwork();
    const stranger = new StaffClient(origin);
    stranger.authenticator.register({ challenge: 'x', rp: { id: '127.0.0.1' }, user: { id: 'x' } });
    for (let i = 0; i < SIGN_IN_FAILURES_PER_NETWORK; i++) {
      const res = await stranger.fetch('POST', '/staff/sign-in', { response: stranger.authenticator.authenticate(await signInOptions(stranger)) }, network);
      await problem(res, 401);
    }
    const right = await member.fetch('POST', '/staff/sign-in', { response: member.authenticator.authenticate(await signInOptions(member)) }, network);
    expect((await problem(right, 429)).detail).toMatch(/from your network/);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // From elsewhere the same person signs in.
    expect((await member.fetch('POST', '/staff/sign-in', { response: member.authenticator.authenticate(await signInOptions(member)) }, fromNetwork())).status).toBe(200);
  });

  it(`are limited per account (${SIGN_IN_FAILURES_PER_ACCOUNT} in 15 minutes), from anywhere`, async () => {
    const member = await invited('moderator', 'Targeted');
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
      // A signature by the right passkey over the wrong challenge: it names the account, and fails.
      const options = await signInOptions(member);
      const res = await member.fetch('POST', '/staff/sign-in', { response: member.authenticator.authenticate({ ...options, challenge: 'AAAA' }) }, fromNetwork());
      await problem(res, 401);
    }
    const res = await member.fetch('POST', '/staff/sign-in', { response: member.authenticator.authenticate(await signInOptions(member)) }, fromNetwork());
    expect((await problem(res, 429)).detail).toMatch(/for this account/);
  });
});

describe('the audit log', () => {
  it("lists every staff action with the person's name, newest first, a page at a time", async () => {
    const { data, next } = await admin.json<{ data: Array<{ actor: string; action: string; id: number }>; next: number | null }>(
      'GET',
      '/staff/audit?limit=200',
      undefined,
      200,
    );
    const actions = new Set(data.map((e) => e.action));
    for (const action of ['account-created', 'invite-created', 'signed-in', 'passkey-added', 'passkey-removed', 'token-created', 'token-revoked', 'account-disabled', 'account-enabled', 'alert-hidden', 'signed-out', 'signed-out-everywhere']) {
      expect(actions, action).toContain(action);
    }
    expect(data.find((e) => e.action === 'account-disabled')!.actor).toBe('Anna Admin');
    expect(data.map((e) => e.id)).toEqual([...data.map((e) => e.id)].sort((a, b) => b - a));
    expect(next).toBeNull();
    const page = await admin.json<{ data: Array<{ id: number }>; next: number }>('GET', '/staff/audit?limit=2', undefined, 200);
    const more = await admin.json<{ data: Array<{ id: number }> }>('GET', `/staff/audit?limit=2&before=${page.next}`, undefined, 200);
    expect(more.data[0]!.id).toBeLessThan(page.data[1]!.id);
  });
});
