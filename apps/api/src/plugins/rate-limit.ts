/**
 * Abuse limits per client address: every request counts against a generous per-minute limit,
 * except anonymous writes (new alerts, abuse reports, votes), which have their own tighter
 * per-minute and per-day limits. The client address is the peer's, or the one a trusted proxy
 * forwarded (TRUST_PROXY). They count in Redis when REDIS_URL is set, so that several instances
 * share them and a restart forgets nothing, and in this process's memory otherwise, or while
 * Redis does not answer (limits-store.ts). Other plugins add limits of their own with
 * `app.createRateLimit` (the moderator's wrong tokens), in the same store.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress } from '../http/client-address.ts';
import type { Config } from '../config.ts';
import { connectSharedLimits } from '../limits/limits-store.ts';
import { rateLimited, type HttpProblem } from '../http/problem.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for anonymous writes; give the route `config: { rateLimit: false }` too. */
    limitWrites(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Client addresses remembered per window; the least recently seen are forgotten first. */
const CLIENTS_REMEMBERED = 100_000;

function tooMany(max: number, per: string, retryAfterSeconds: number): HttpProblem {
  return rateLimited(
    `Too many requests from your address (at most ${max} ${per}). Try again in ${retryAfterSeconds} s.`,
    retryAfterSeconds,
  );
}

export default fp<{ limits: Config['rateLimit']; redisUrl: Config['redisUrl'] }>(
  async (app, { limits, redisUrl }) => {
    const shared = redisUrl === undefined ? undefined : await connectSharedLimits(redisUrl, app.log);
    if (shared) app.addHook('onClose', async () => shared.close());
    await app.register(rateLimit, {
      global: true,
      max: limits.readsPerMinute,
      timeWindow: MINUTE,
      cache: CLIENTS_REMEMBERED,
      ...(shared && { store: shared.store(CLIENTS_REMEMBERED) }),
      // Every limit's keys start with its name: in Redis they share one prefix.
      keyGenerator: (request) => `reads:${clientAddress(request)}`,
      errorResponseBuilder: (_request, context) =>
        tooMany(context.max, 'requests a minute', Math.max(1, Math.ceil(context.ttl / 1000))),
    });
    // One counter per window, shared by every write route. (`cache` sizes the window's own
    // store; the types leave it out.)
    const window = (name: string, max: number, timeWindow: number) => ({
      max,
      timeWindow,
      cache: CLIENTS_REMEMBERED,
      keyGenerator: (request: FastifyRequest) => `${name}:${clientAddress(request)}`,
    });
    const writesPerMinute = app.createRateLimit(window('writes-minute', limits.postsPerMinute, MINUTE));
    const writesPerDay = app.createRateLimit(window('writes-day', limits.postsPerDay, DAY));

    app.decorate('limitWrites', async (request: FastifyRequest, reply: FastifyReply) => {
      const windows = [
        { check: writesPerMinute, per: 'writes a minute' },
        { check: writesPerDay, per: 'writes a day' },
      ];
      let tightest: { max: number; remaining: number; ttlInSeconds: number } | undefined;
      // The day is counted only when the minute allows, so a burst refused by the minute
      // limit does not use up the day.
      for (const { check, per } of windows) {
        const result = await check(request);
        if (result.isAllowed) continue;
        if (result.isExceeded) {
          reply.header('x-ratelimit-limit', result.max).header('x-ratelimit-remaining', 0).header('x-ratelimit-reset', result.ttlInSeconds);
          throw tooMany(result.max, per, Math.max(1, result.ttlInSeconds));
        }
        if (!tightest || result.remaining < tightest.remaining) tightest = result;
      }
      if (tightest) {
        reply
          .header('x-ratelimit-limit', tightest.max)
          .header('x-ratelimit-remaining', tightest.remaining)
          .header('x-ratelimit-reset', tightest.ttlInSeconds);
      }
    });
  },
  // Its refusals are HttpProblems, which the errors plugin answers.
  { name: 'wildalert-rate-limit', dependencies: ['wildalert-errors'] },
);
