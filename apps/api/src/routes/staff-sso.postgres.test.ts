/**
 * Staff single sign-on against a real OpenID provider (oidc-provider on 127.0.0.1), over real
 * HTTP: the code flow with PKCE, a wrong state, a replayed code, an unknown role, a disabled
 * account, a provider that is not up yet, and the shared limit on failed sign-ins. One engine:
 * the accounts' SQL is staff.test.ts's, on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffClient, type Me } from '@wildalert/test-support';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { openIdProvider, type OpenIdProvider } from '../../test/openid-provider.ts';
import { SIGN_IN_FAILURES_PER_NETWORK } from './staff-sign-in.ts';

let t: TestApp;
let provider: OpenIdProvider;
let origin: string;
let redirectsBeforeStart: Response;

beforeAll(async () => {
  provider = await openIdProvider();
  t = await createTestApp({
    TRUST_PROXY: 'loopback',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'wildalert',
    OIDC_CLIENT_SECRET: 'a-client-secret-of-the-tests-0123456789',
    OIDC_NAME: 'Konto miejskie',
    OIDC_ROLES: 'wildalert-admin=admin,wildalert-moderator=moderator,city-guard=responder',
  });
  origin = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  // WildAlert discovers the provider at the first sign-in, not at its start: one before the provider is up.
  redirectsBeforeStart = await new StaffClient(origin).fetch('GET', '/staff/sso');
  provider.start({ clientId: 'wildalert', clientSecret: 'a-client-secret-of-the-tests-0123456789', redirectUri: `${origin}/staff/sso/callback` });
});
afterAll(async () => {
  await t?.dispose();
  await provider?.close();
});

let networks = 0;
/** A browser from a network of its own (X-Forwarded-For): each test's failures are its own. */
const browser = () => {
  const client = new StaffClient(origin);
  const network = `198.51.${100 + ++networks}.7`;
  const fetch = client.fetch.bind(client);
  client.fetch = (method, path, body, headers = {}) => fetch(method, path, body, { 'x-forwarded-for': network, ...headers });
  return client;
};

/** Starts single sign-on in `client`; answers the provider's way back (the callback URL, with code and state). */
async function toProvider(client: StaffClient): Promise<string> {
  const res = await client.fetch('GET', '/staff/sso');
  expect(res.status).toBe(302);
  return provider.authorize(res.headers.get('location')!);
}

/** Opens the callback URL in `client`; answers where it was sent. */
async function back(client: StaffClient, callbackUrl: string): Promise<string> {
  expect(callbackUrl.startsWith(`${origin}/staff/sso/callback?`), callbackUrl).toBe(true);
  const res = await client.fetch('GET', callbackUrl.slice(origin.length));
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

const signedOut = async (client: StaffClient) => expect((await client.fetch('GET', '/staff/me')).status).toBe(401);

const accountsOf = async (subject: string) =>
  t.app.db.query<{ id: string; name: string; role: string }>(`SELECT id, name, role FROM staff_accounts WHERE sso_subject = $1`, [subject]);

describe('single sign-on', () => {
  it('tells the sign-in screen its name', async () => {
    const methods = await new StaffClient(origin).json<{ data: { sso: { name: string } | null } }>('GET', '/staff/sign-in/methods', undefined, 200);
    expect(methods.data.sso).toEqual({ name: 'Konto miejskie' });
  });

  it('while the provider cannot be reached, sends the browser back to sign-in (sso_failed); once it is up, the next try works', async () => {
    expect(redirectsBeforeStart.status).toBe(302);
    expect(redirectsBeforeStart.headers.get('location')).toBe('/WildAlertApp/staff/sign-in?error=sso_failed');
    const res = await browser().fetch('GET', '/staff/sso');
    expect(res.headers.get('location')!.startsWith(`${provider.issuer}/`)).toBe(true);
  });

  it('signs in with the code flow and PKCE: the account made once, its role from the mapped claim, the audit log saying how', async () => {
    const client = browser();
    const start = await client.fetch('GET', '/staff/sso');
    const authorization = new URL(start.headers.get('location')!);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: 'wildalert',
      response_type: 'code',
      redirect_uri: `${origin}/staff/sso/callback`,
      // `roles`: the provider lists it, and the role claim is named so.
      scope: 'openid profile roles',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(authorization.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
    expect(client.cookies.get('wildalert-ceremony')).toMatch(/^[\w-]{43}$/);

    provider.signInAs({ sub: 'jan-1', name: 'Jan Kowalski', roles: ['staff', 'wildalert-moderator', 'city-guard'] });
    expect(await back(client, await provider.authorize(authorization.href))).toBe('/WildAlertApp/moderation');
    expect(client.cookies.has('wildalert-ceremony')).toBe(false);
    const me = (await client.json<{ data: Me }>('GET', '/staff/me', undefined, 200)).data;
    expect(me).toMatchObject({ name: 'Jan Kowalski', role: 'moderator', signedInWith: 'sso' });
    expect((await client.fetch('GET', '/moderation/reports')).status).toBe(200);

    // Again, now an admin at the provider, under another name: the same account follows it.
    provider.signInAs({ sub: 'jan-1', preferred_username: 'jkowalski', roles: 'wildalert-admin' });
    const again = browser();
    expect(await back(again, await toProvider(again))).toBe('/WildAlertApp/moderation');
    expect(await accountsOf('jan-1')).toEqual([{ id: me.id, name: 'jkowalski', role: 'admin' }]);
    const { data: audit } = await again.json<{ data: Array<{ action: string; accountId: string; details: Record<string, unknown> }> }>('GET', '/staff/audit', undefined, 200);
    const mine = audit.filter((e) => e.accountId === me.id).map((e) => [e.action, e.details]);
    expect(mine).toEqual([
      ['signed-in', { with: 'sso' }],
      ['role-changed', { from: 'moderator', to: 'admin', by: 'single sign-on' }],
      ['signed-in', { with: 'sso' }],
      ['account-created', { role: 'moderator', by: 'single sign-on' }],
    ]);
  });

  it('refuses a wrong state (sso_state): nobody signed in', async () => {
    provider.signInAs({ sub: 'ewa-2', name: 'Ewa', roles: ['wildalert-moderator'] });
    const client = browser();
    const callback = new URL(await toProvider(client));
    callback.searchParams.set('state', 'x'.repeat(43));
    expect(await back(client, callback.href)).toBe('/WildAlertApp/staff/sign-in?error=sso_state');
    await signedOut(client);
    // Nor without the browser's ceremony: the right state in another browser.
    const other = browser();
    expect(await back(other, await toProvider(browser()))).toBe('/WildAlertApp/staff/sign-in?error=sso_state');
    await signedOut(other);
    expect(await accountsOf('ewa-2')).toEqual([]);
  });

  it('refuses a replayed code: in the same browser (sso_state), or with a new sign-in of its own (sso_failed)', async () => {
    provider.signInAs({ sub: 'piotr-3', name: 'Piotr', roles: ['city-guard'] });
    const client = browser();
    const callback = await toProvider(client);
    expect(await back(client, callback)).toBe('/WildAlertApp/moderation');
    const replay = browser();
    replay.cookies.set('wildalert-ceremony', client.cookies.get('wildalert-ceremony') ?? 'x'.repeat(43));
    expect(await back(replay, callback)).toBe('/WildAlertApp/staff/sign-in?error=sso_state');
    await signedOut(replay);
    // An attacker with the code starts a sign-in of their own and puts their state on it: the provider refuses the used code.
    const attacker = browser();
    const own = new URL(await toProvider(attacker));
    const forged = new URL(callback);
    forged.searchParams.set('state', own.searchParams.get('state')!);
    expect(await back(attacker, forged.href)).toBe('/WildAlertApp/staff/sign-in?error=sso_failed');
    await signedOut(attacker);
  });

  it('refuses a person none of whose roles is mapped (sso_role), making no account', async () => {
    provider.signInAs({ sub: 'visitor-4', name: 'Visitor', roles: ['staff', 'Wildalert-Admin'] });
    const client = browser();
    expect(await back(client, await toProvider(client))).toBe('/WildAlertApp/staff/sign-in?error=sso_role');
    await signedOut(client);
    provider.signInAs({ sub: 'visitor-4', name: 'Visitor' });
    expect(await back(client, await toProvider(client))).toBe('/WildAlertApp/staff/sign-in?error=sso_role');
    expect(await accountsOf('visitor-4')).toEqual([]);
  });

  it('refuses a disabled account (sso_disabled)', async () => {
    provider.signInAs({ sub: 'ola-5', name: 'Ola', roles: ['wildalert-moderator'] });
    const client = browser();
    expect(await back(client, await toProvider(client))).toBe('/WildAlertApp/moderation');
    const [account] = await accountsOf('ola-5');
    provider.signInAs({ sub: 'jan-1', name: 'Jan', roles: ['wildalert-admin'] });
    const admin = browser();
    await back(admin, await toProvider(admin));
    await admin.json<{ data: Me }>('GET', '/staff/me', undefined, 200).then(({ data }) => (admin.csrfToken = data.csrfToken!));
    await admin.json('POST', `/staff/accounts/${account!.id}`, { disabled: true }, 200);
    await signedOut(client);
    provider.signInAs({ sub: 'ola-5', name: 'Ola', roles: ['wildalert-moderator'] });
    expect(await back(client, await toProvider(client))).toBe('/WildAlertApp/staff/sign-in?error=sso_disabled');
    await signedOut(client);
  });

  it(`failed returns count with failed passkey sign-ins, per network (${SIGN_IN_FAILURES_PER_NETWORK} a minute)`, async () => {
    const client = browser();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_NETWORK; i++) {
      expect(await back(client, `${origin}/staff/sso/callback?code=x&state=y`)).toBe('/WildAlertApp/staff/sign-in?error=sso_state');
    }
    // Now a passkey from that network waits, and so does the right sign-on.
    const options = await client.json<{ data: { challenge: string } }>('POST', '/staff/sign-in/options', undefined, 200);
    client.authenticator.register({ challenge: 'x', rp: { id: '127.0.0.1' }, user: { id: 'x' } });
    expect((await client.fetch('POST', '/staff/sign-in', { response: client.authenticator.authenticate(options.data) })).status).toBe(429);
    provider.signInAs({ sub: 'jan-1', name: 'Jan', roles: ['wildalert-admin'] });
    expect(await back(client, await toProvider(client))).toBe('/WildAlertApp/staff/sign-in?error=sso_limited');
    await signedOut(client);
  });

  it('never demotes the last enabled admin, whatever the provider says now', async () => {
    // jan-1 is the only enabled admin here (made so by the provider in the first test).
    provider.signInAs({ sub: 'jan-1', name: 'Jan', roles: ['wildalert-moderator'] });
    const client = browser();
    expect(await back(client, await toProvider(client))).toBe('/WildAlertApp/moderation');
    expect((await client.json<{ data: Me }>('GET', '/staff/me', undefined, 200)).data.role).toBe('admin');
    expect((await accountsOf('jan-1'))[0]!.role).toBe('admin');
  });
});

describe('without OIDC_ISSUER', () => {
  it('has no single sign-on: 404, and the sign-in screen offers none', async () => {
    const plain = await createTestApp();
    try {
      for (const url of ['/staff/sso', '/staff/sso/callback?code=x&state=y']) {
        const res = await plain.app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
      expect((await plain.app.inject({ url: '/staff/sign-in/methods' })).json()).toEqual({ data: { passkey: true, sso: null } });
    } finally {
      await plain.dispose();
    }
  });
});
