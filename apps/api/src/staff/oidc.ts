/**
 * The city's single sign-on, with `openid-client`: the authorization code flow with PKCE (S256),
 * state and nonce, and who the provider says signed in (name and WildAlert role from its claims).
 * The provider's metadata is fetched at the first sign-in and kept; a failed fetch is tried again
 * at the next one, so a provider that was down at the server's start costs nothing once it is up.
 */
import * as client from 'openid-client';
import type { SsoConfig } from '../config.ts';
import { STAFF_ROLES, type StaffRole } from '@wildalert/shared';

/** What the browser's ceremony keeps between the start and the callback (staff_ceremonies.data). */
export interface SsoCeremony {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who signed in, as the account repository takes them. */
interface SsoIdentity {
  issuer: string;
  subject: string;
  name: string;
  role: StaffRole;
}

/** Why a callback signs nobody in: the codes the sign-in screen shows (`?error=`). */
type SsoRefusal = 'sso_state' | 'sso_failed' | 'sso_role';

/** The provider could not be reached or described itself wrongly: nobody's fault but its own. */
export class SsoUnavailableError extends Error {}

/** Seconds any request to the provider may take: a browser waits on it. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface OpenIdClient {
  /** Where to send the browser, and what to keep for its return. */
  start(redirectUri: string): Promise<{ url: URL; ceremony: SsoCeremony }>;
  /** The callback's answer: who signed in, or why not. Throws SsoUnavailableError when the provider cannot be asked. */
  finish(callbackUrl: URL, ceremony: SsoCeremony): Promise<SsoIdentity | { refused: SsoRefusal; reason: string }>;
}

export function openIdClient(config: SsoConfig): OpenIdClient {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // Only ever a loopback issuer (config.ts refuses other http: ones): the tests' provider.
        ...(new URL(config.issuer).protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new SsoUnavailableError(`The identity provider ${config.issuer} could not be discovered: ${messageOf(error)}`, { cause: error });
      });
    return discovered;
  };

  return {
    async start(redirectUri) {
      const provider = await configuration();
      const ceremony: SsoCeremony = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope: scopes(config.roleClaim, provider.serverMetadata().scopes_supported).join(' '),
        state: ceremony.state,
        nonce: ceremony.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(ceremony.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, ceremony };
    },

    async finish(callbackUrl, ceremony) {
      // Our own check first, so that a stale or forged return is told apart from a provider's refusal.
      if (callbackUrl.searchParams.get('state') !== ceremony.state) return { refused: 'sso_state', reason: 'the state does not match this browser’s sign-in' };
      const provider = await configuration();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(provider, callbackUrl, {
          pkceCodeVerifier: ceremony.codeVerifier,
          expectedState: ceremony.state,
          expectedNonce: ceremony.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        return { refused: 'sso_failed', reason: messageOf(error) };
      }
      const idToken = tokens.claims()!;
      let claims: Record<string, unknown> = idToken;
      // Many providers put profile and role claims in the userinfo answer only (OpenID Connect
      // Core 5.4: scope claims go to the ID token only when no access token is issued).
      if (claimAt(idToken, config.roleClaim) === undefined || (idToken.name === undefined && idToken.preferred_username === undefined)) {
        try {
          claims = { ...(await client.fetchUserInfo(provider, tokens.access_token, idToken.sub)), ...idToken };
        } catch (error) {
          return { refused: 'sso_failed', reason: `userinfo: ${messageOf(error)}` };
        }
      }
      const role = roleOf(claimAt(claims, config.roleClaim), config.roles);
      if (!role) return { refused: 'sso_role', reason: `no value of the claim ${config.roleClaim} is named in OIDC_ROLES` };
      return { issuer: provider.serverMetadata().issuer, subject: idToken.sub, name: nameOf(claims), role };
    },
  };
}

/**
 * `openid profile`, and the scopes the provider lists that are named like a part of the role
 * claim (`roles` for Keycloak's `realm_access.roles`): asking for a scope it does not list could
 * get the whole sign-in refused (Entra ID refuses unknown scopes).
 */
export function scopes(roleClaim: string, supported: string[] | undefined): string[] {
  const wanted = roleClaim.split('.').filter((part) => part !== 'openid' && part !== 'profile' && supported?.includes(part));
  return ['openid', 'profile', ...new Set(wanted)];
}

/** A claim by its whole name (`https://city.example/roles` has dots of its own), else by a dotted path. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(claims, path)) return claims[path];
  let value: unknown = claims;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The highest role a value of the claim (a string, or a list of them) is mapped to. */
export function roleOf(claim: unknown, mapping: SsoConfig['roles']): StaffRole | undefined {
  const values = new Set((Array.isArray(claim) ? claim : [claim]).filter((v): v is string => typeof v === 'string'));
  return [...STAFF_ROLES].reverse().find((role) => mapping.some((m) => m.role === role && values.has(m.value)));
}

const nameOf = (claims: Record<string, unknown>): string => {
  for (const key of ['name', 'preferred_username', 'sub']) {
    const value = claims[key];
    // The database keeps at most 100 characters of a name.
    if (typeof value === 'string' && value.trim() !== '') return [...value.trim()].slice(0, 100).join('');
  }
  return 'Unnamed';
};

/** An error's message, and the provider's own error code and description when it sent them (never a value of ours). */
const messageOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const { error: code, error_description: description } = error as { error?: unknown; error_description?: unknown };
  return typeof code === 'string' ? `${error.message} (${code}${typeof description === 'string' ? `: ${description}` : ''})` : error.message;
};
