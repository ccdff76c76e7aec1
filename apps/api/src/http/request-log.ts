/**
 * What the request log says of a request: Fastify's own fields, except that the query string of
 * the staff's paths and of the e-mail links is left out. The single sign-on's authorization code
 * and state come back in the callback's query (the protocol puts them there), an e-mail's
 * unsubscribe and confirmation tokens in its links' query, and logs travel further than the server.
 */
import type { FastifyRequest } from 'fastify';

/** Fastify's `req` serializer (the same fields), with `loggedUrl` for the URL. */
export const requestSerializer = (request: FastifyRequest) => {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
};

/** The URL as logged: without its query string under /staff and the e-mail links' paths, however the path is spelled (`/%73taff`, `//staff`). */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const path = url.slice(0, query);
  let plain: string;
  try {
    plain = decodeURIComponent(path);
  } catch {
    // Not a path the router serves; nothing of it is worth a secret.
    return path;
  }
  return /^\/+(staff|EmailSubscriptions|WildAlertApp\/+email)(\/|$)/i.test(plain) ? path : url;
}
