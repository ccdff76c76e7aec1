/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, for the single sign-on's tests:
 * authorization code with PKCE, ID tokens signed with a key of its own, userinfo. Its login
 * screen is replaced by one that signs in whoever the test named (`signInAs`) at once, and its
 * consent is already given; everything else is the provider speaking the protocol.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';
import { StaffClient } from '@wildalert/test-support';

/** Who signs in at the provider next: its subject and claims. */
interface ProviderAccount {
  sub: string;
  name?: string;
  preferred_username?: string;
  roles?: string[] | string;
}

export interface OpenIdProvider {
  /** Its issuer URL (OIDC_ISSUER), known before it speaks (requests until `start` get 503). */
  readonly issuer: string;
  /** Starts the provider with one client: WildAlert's, with the redirect URI it will send. */
  start(client: { clientId: string; clientSecret?: string; redirectUri: string }): void;
  signInAs(account: ProviderAccount): void;
  /** A browser at the provider: follows the authorization URL until it leads back to the client; answers that URL (with code and state). */
  authorize(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
}

export async function openIdProvider(): Promise<OpenIdProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let provider: Provider | undefined;
  let current: ProviderAccount | undefined;
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!provider) {
      res.writeHead(503).end();
    } else if (req.url?.startsWith('/interaction/')) {
      // The login screen: the account the test named is signed in, no questions asked.
      void provider.interactionFinished(req, res, { login: { accountId: current!.sub } }, { mergeWithLastSubmission: false });
    } else {
      provider.callback()(req, res);
    }
  });
  return {
    issuer,
    start({ clientId, clientSecret, redirectUri }) {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            ...(clientSecret ? { client_secret: clientSecret, token_endpoint_auth_method: 'client_secret_post' } : { token_endpoint_auth_method: 'none' }),
            redirect_uris: [redirectUri],
            response_types: ['code'],
            grant_types: ['authorization_code'],
          },
        ],
        jwks: { keys: [privateKey.export({ format: 'jwk' })] },
        cookies: { keys: [randomBytes(32).toString('hex')] },
        // The `roles` scope gives the roles claim, as Keycloak's does.
        claims: { openid: ['sub'], profile: ['name', 'preferred_username'], roles: ['roles'] },
        features: { devInteractions: { enabled: false } },
        // Said, so that the provider does not print a notice for each.
        ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        findAccount: (_ctx, id) =>
          current?.sub === id ? { accountId: id, claims: () => ({ ...current }) } : undefined,
        // Consent given for every scope the provider has; the token answers only those the client asked for.
        loadExistingGrant: async (ctx) => {
          const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
          grant.addOIDCScope('openid profile roles');
          await grant.save();
          return grant;
        },
      });
    },
    signInAs(account) {
      current = account;
    },
    async authorize(authorizationUrl) {
      // A new browser each time: no session at the provider yet, so its login screen comes.
      const browser = new StaffClient(issuer);
      let url = authorizationUrl;
      for (let hops = 0; url.startsWith(`${issuer}/`); hops++) {
        if (hops > 10) throw new Error(`The provider kept redirecting: ${url}`);
        const res = await browser.fetch('GET', url.slice(issuer.length));
        const location = res.headers.get('location');
        if (!location) throw new Error(`The provider answered ${res.status} at ${url}: ${await res.text()}`);
        await res.body?.cancel();
        url = new URL(location, url).href;
      }
      return url;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
