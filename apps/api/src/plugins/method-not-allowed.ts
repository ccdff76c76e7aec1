/**
 * Answers 405 (with Allow) for a method a known path does not support, instead of
 * Fastify's 404. Register it first: it records the routes registered after it and adds
 * the 405 routes once they are all known.
 */
import type { FastifyInstance } from 'fastify';
import { problem, sendProblem } from '../http/problem.ts';
import { methodOf } from './errors.ts';

/**
 * Methods answered elsewhere: OPTIONS by CORS on every path, HEAD with each GET (Fastify adds
 * a HEAD route beside every GET, the 405 ones included).
 */
const ANSWERED_ELSEWHERE = new Set(['OPTIONS', 'HEAD']);

export function recordRoutes(app: FastifyInstance): () => void {
  const byUrl = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    // Only the documented API: the web app's and the docs' own routes are left alone.
    if (route.url.includes('*') || route.schema?.hide) return;
    const methods = byUrl.get(route.url) ?? new Set<string>();
    for (const m of [route.method].flat()) methods.add(m);
    byUrl.set(route.url, methods);
  });
  return () => {
    // Every method Fastify routes (TRACE and QUERY too): another one is a 404 before any route.
    const routable = app.supportedMethods.filter((m) => !ANSWERED_ELSEWHERE.has(m));
    // Copy first: the routes added below are recorded too.
    for (const [url, methods] of [...byUrl]) {
      const missing = routable.filter((m) => !methods.has(m));
      if (missing.length === 0 || methods.size === 0) continue;
      const allow = [...methods].filter((m) => m !== 'OPTIONS').join(', ');
      app.route({
        method: [...missing],
        url,
        schema: { hide: true },
        // Answer before the body is read: a refused method's body does not matter.
        onRequest: async (request, reply) => {
          reply.header('allow', allow);
          return sendProblem(reply, problem(405, `${methodOf(request)} is not allowed here; use ${allow}.`));
        },
        handler: async () => {},
      });
    }
  };
}
