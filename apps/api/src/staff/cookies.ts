/**
 * The staff's cookies: the session (signed in), and the ceremony (a sign-in or registration
 * under way, before anyone is signed in; never accepted as a session). HttpOnly, SameSite=Lax
 * (the single sign-on's return is a top-level navigation from the provider), Path=/; over HTTPS
 * Secure and `__Host-` (no subdomain or path may set or shadow them).
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

type CookieKind = 'session' | 'ceremony';

const BASE_NAMES: Record<CookieKind, string> = { session: 'wildalert-session', ceremony: 'wildalert-ceremony' };

const secure = (request: FastifyRequest) => request.protocol === 'https';

const nameFor = (kind: CookieKind, https: boolean) => (https ? `__Host-${BASE_NAMES[kind]}` : BASE_NAMES[kind]);

const options = (request: FastifyRequest, maxAgeSeconds?: number): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: secure(request),
  ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
});

/** The cookie's value: under the name of this request's scheme (a proxy that stopped sending X-Forwarded-Proto loses nothing but the session). */
export function readCookie(request: FastifyRequest, kind: CookieKind): string | undefined {
  const value = request.cookies[nameFor(kind, secure(request))];
  return value && /^[\w-]{43}$/.test(value) ? value : undefined;
}

export function setCookie(request: FastifyRequest, reply: FastifyReply, kind: CookieKind, value: string, maxAgeSeconds?: number): void {
  reply.setCookie(nameFor(kind, secure(request)), value, options(request, maxAgeSeconds));
}

export function clearCookie(request: FastifyRequest, reply: FastifyReply, kind: CookieKind): void {
  reply.clearCookie(nameFor(kind, secure(request)), options(request));
}
