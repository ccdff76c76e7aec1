/**
 * No staff credential in the server's output: a real server process logging at `debug`, walked
 * through the first admin, an API token, an invite, signing out and a single sign-on through a
 * real OpenID provider; then every secret it handed out or received is looked for in what it
 * wrote. The first-admin link is printed once, on purpose, and only there.
 */
import { afterAll, expect, it } from 'vitest';
import { firstAdminLink, freePort, StaffClient } from '@wildalert/test-support';
import { createTestDatabase, UNLIMITED, type TestDatabase } from './helpers.ts';
import { openIdProvider, type OpenIdProvider } from './openid-provider.ts';
import { killServersAfterEach, startServerProcess } from './server-processes.ts';

killServersAfterEach();

let database: TestDatabase | undefined;
let provider: OpenIdProvider | undefined;
afterAll(async () => {
  await provider?.close();
  await database?.drop();
});

const CLIENT_SECRET = 'the-client-secret-of-the-log-test-0123456789';

it('writes no session, CSRF, API or invite token, ceremony cookie, authorization code or state', async () => {
  database = await createTestDatabase();
  provider = await openIdProvider();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  provider.start({ clientId: 'wildalert', clientSecret: CLIENT_SECRET, redirectUri: `${origin}/staff/sso/callback` });
  const server = await startServerProcess({
    env: {
      ...UNLIMITED,
      ...database.env,
      PORT: String(port),
      LOG_LEVEL: 'debug',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'wildalert',
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_ROLES: 'wildalert-moderator=moderator',
    },
  });
  const seen = new Map<string, string>();
  const keep = (what: string, value: string | null | undefined) => {
    expect(value, what).toMatch(/^\S{16,}$/);
    seen.set(what, value!);
  };
  const cookiesOf = (client: StaffClient, who: string) => {
    for (const [name, value] of client.cookies) keep(`${who}'s cookie ${name}`, value);
  };

  const link = await firstAdminLink(server.output);
  const firstToken = link.slice(link.indexOf('#') + 1);
  const admin = new StaffClient(server.url);
  cookiesOf(admin, 'admin (before)');
  await admin.acceptInvite(link, 'Anna Admin');
  cookiesOf(admin, 'admin');
  keep('CSRF token', admin.csrfToken);
  const apiToken = await admin.createToken('admin', 'script');
  keep('API token', apiToken);
  expect((await fetch(`${server.url}/staff/accounts`, { headers: { authorization: `Bearer ${apiToken}` } })).status).toBe(200);
  const invite = await admin.json<{ data: { link: string } }>('POST', '/staff/invites', { name: 'Marek', role: 'moderator' }, 201);
  keep('invite token', invite.data.link.split('#')[1]);
  const invited = new StaffClient(server.url);
  await invited.acceptInvite(invite.data.link);
  cookiesOf(invited, 'invited');
  keep("invited's CSRF token", invited.csrfToken);
  expect((await admin.fetch('POST', '/staff/sign-out')).status).toBe(204);

  provider.signInAs({ sub: 'jan', name: 'Jan', roles: ['wildalert-moderator'] });
  const sso = new StaffClient(server.url);
  const start = await sso.fetch('GET', '/staff/sso');
  cookiesOf(sso, 'single sign-on (ceremony)');
  const callback = new URL(await provider.authorize(start.headers.get('location')!));
  keep('authorization code', callback.searchParams.get('code'));
  keep('state', callback.searchParams.get('state'));
  const back = await sso.fetch('GET', `${callback.pathname}${callback.search}`);
  expect(back.headers.get('location')).toBe('/WildAlertApp/moderation');
  cookiesOf(sso, 'single sign-on');
  expect((await sso.json<{ data: { signedInWith: string } }>('GET', '/staff/me', undefined, 200)).data.signedInWith).toBe('sso');
  keep('client secret', CLIENT_SECRET);

  // Everything written, to the last line.
  await server.kill('SIGTERM');
  const output = server.output();
  expect(output).toMatch(/"msg":"incoming request"/);
  const leaks = [...seen].filter(([, value]) => output.includes(value)).map(([what]) => what);
  expect(leaks).toEqual([]);
  // The callback is logged, its query string not.
  expect(output).toMatch(/"url":"\/staff\/sso\/callback"/);
  expect(output.split(firstToken).length - 1, 'the first-admin token is printed once, and nowhere else').toBe(1);
  expect(output).toContain(`First start: create the first admin account (valid 24 h, once): http://localhost:${port}/WildAlertApp/staff/invite#${firstToken}`);
});
