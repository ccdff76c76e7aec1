/**
 * A member of staff's browser, without the browser: fetch with a cookie jar, the CSRF token the
 * server hands out, and a software passkey authenticator. It walks the same HTTP steps the web
 * app does: accept an invite, sign in, make an API token.
 */
import { PasskeyAuthenticator } from './passkey-authenticator.ts';

export interface Me {
  id: string;
  name: string;
  role: 'responder' | 'moderator' | 'admin';
  csrfToken: string | null;
  signedInWith: 'passkey' | 'sso' | 'token';
}

export class StaffClient {
  /** The cookies the server set, by name. */
  readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(
    readonly origin: string,
    readonly authenticator = new PasskeyAuthenticator(origin),
  ) {}

  /** One request with this browser's cookies (and its CSRF token on writes); keeps what it sets. */
  async fetch(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${this.origin}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(this.csrfToken && !['GET', 'HEAD'].includes(method) ? { 'x-csrf-token': this.csrfToken } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** A JSON answer of `status` (throws with the body otherwise). */
  async json<T>(method: string, path: string, body: unknown, status: number): Promise<T> {
    const res = await this.fetch(method, path, body);
    const text = await res.text();
    if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status} (expected ${status}): ${text}`);
    return JSON.parse(text) as T;
  }

  /** Opens an invite link (or its token) and registers a passkey: the account is made and signed in. */
  async acceptInvite(linkOrToken: string, name?: string): Promise<Me> {
    const token = linkOrToken.includes('#') ? linkOrToken.slice(linkOrToken.indexOf('#') + 1) : linkOrToken;
    const { data: options } = await this.json<{ data: Parameters<PasskeyAuthenticator['register']>[0] }>(
      'POST',
      '/staff/invites/registration-options',
      { token },
      200,
    );
    const response = this.authenticator.register(options);
    const { data: me } = await this.json<{ data: Me }>('POST', '/staff/invites/registration', { token, response, ...(name ? { name } : {}) }, 201);
    this.csrfToken = me.csrfToken ?? undefined;
    return me;
  }

  /** Signs in with this client's passkey (the first, or the one named). */
  async signIn(credentialId?: string): Promise<Me> {
    const { data: options } = await this.json<{ data: Parameters<PasskeyAuthenticator['authenticate']>[0] }>('POST', '/staff/sign-in/options', undefined, 200);
    const response = this.authenticator.authenticate(options, credentialId);
    const { data: me } = await this.json<{ data: Me }>('POST', '/staff/sign-in', { response }, 200);
    this.csrfToken = me.csrfToken ?? undefined;
    return me;
  }

  /** Makes a personal API token (shown once): for scripts, `Authorization: Bearer <token>`. */
  async createToken(role: Me['role'], name = 'tests'): Promise<string> {
    const { data } = await this.json<{ data: { token: string } }>('POST', '/staff/tokens', { name, role }, 201);
    return data.token;
  }
}

/** The first-admin link a server prints at a start with no admin (just after it starts answering), from its output. */
export async function firstAdminLink(output: () => string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /First start: create the first admin account[^:]*: (\S+)/.exec(output());
    if (match) return match[1]!;
    if (Date.now() > deadline) throw new Error(`The server printed no first-admin link:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
