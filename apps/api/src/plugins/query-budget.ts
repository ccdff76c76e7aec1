/**
 * A budget of database time per client address, for the reads that query the database
 * (routes with `config: { queryBudget: true }`): at most `concurrent` of them in flight at
 * once, and a token bucket of their wall time, refilled by `msPerSecond` every second up to
 * `burstMs`. A request costs its wall time from arrival until its answer is ready (the
 * database included, queueing included); a client whose bucket is empty is answered 429
 * until it refills, at no cost to the database.
 *
 * Why: the embedded engine runs one query at a time on the server's own thread, so one
 * client's stream of heavy searches would otherwise queue ahead of every other visitor's.
 * A per-minute request count cannot tell a 2-ms search from a 200-ms export; time can.
 * An answer from the search cache takes well under a millisecond and so costs next to
 * nothing.
 *
 * Per instance, in its memory, unlike the rate limits (shared through REDIS_URL): with N
 * instances a client may spend N budgets in all, but what is guarded is each instance's own
 * queue (the embedded engine's single thread; a share of the pool's connections), which only
 * that instance's requests fill. Sharing it would put a network call on every search and
 * settle, to refuse a client one instance could still serve at no cost to others; the database
 * as a whole has its own connection and statement limits.
 */
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../http/client-address.ts';
import type { Config } from '../config.ts';
import { rateLimited, type HttpProblem } from '../http/problem.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The request counts against its client's database-time budget (plugins/query-budget.ts). */
    queryBudget?: boolean;
  }
}

interface QueryBudgetOptions {
  budget: Config['queryBudget'];
  /** A monotonic clock in milliseconds; tests may bring their own. */
  now?: () => number;
}

interface Client {
  inFlight: number;
  /** Milliseconds of wall time the client may still spend; negative after an expensive request. */
  tokens: number;
  /** When `tokens` was last brought up to date. */
  at: number;
}

/** Client addresses remembered; the least recently seen are forgotten first (and start full again). */
const CLIENTS_REMEMBERED = 100_000;

function refused(detail: string, retryAfterSeconds: number): HttpProblem {
  return rateLimited(`${detail} Try again in ${retryAfterSeconds} s.`, retryAfterSeconds);
}

export default fp<QueryBudgetOptions>(
  async (app, { budget, now = () => performance.now() }) => {
    const { concurrent, msPerSecond, burstMs } = budget;
    const clients = new LRUCache<string, Client>({ max: CLIENTS_REMEMBERED });
    /** Requests being served within the budget: their client and when they arrived. */
    const running = new WeakMap<FastifyRequest, { client: Client; since: number }>();

    app.addHook('onRequest', async (request) => {
      if (!request.routeOptions.config.queryBudget) return;
      const t = now();
      const key = clientAddress(request);
      let client = clients.get(key);
      if (!client) {
        client = { inFlight: 0, tokens: burstMs, at: t };
        clients.set(key, client);
      }
      client.tokens = Math.min(burstMs, client.tokens + ((t - client.at) * msPerSecond) / 1000);
      client.at = t;
      if (client.inFlight >= concurrent) {
        throw refused(`Too many searches at once from your address (at most ${concurrent}).`, 1);
      }
      if (client.tokens <= 0) {
        // Strictly more than the deficit: after waiting that long the bucket is above zero.
        const seconds = Math.floor(-client.tokens / msPerSecond) + 1;
        throw refused(`Your address has used its share of the database for now (${msPerSecond} ms a second).`, seconds);
      }
      client.inFlight++;
      running.set(request, { client, since: t });
    });

    // Charged once the answer is ready (onSend), which also happens when the client has gone
    // away meanwhile: the database worked for it all the same. onResponse is a fallback for
    // an answer that skipped onSend.
    const settle = (request: FastifyRequest) => {
      const entry = running.get(request);
      if (!entry) return;
      running.delete(request);
      const { client, since } = entry;
      client.inFlight--;
      // A debt of at most one burst: a client caught in a slow moment (the database busy for
      // everyone) is never kept out longer than burstMs / msPerSecond seconds.
      client.tokens = Math.max(-burstMs, client.tokens - (now() - since));
    };
    app.addHook('onSend', (request, _reply, payload, done) => {
      settle(request);
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      settle(request);
      done();
    });
  },
  // Its refusals are HttpProblems, which the errors plugin answers.
  { name: 'wildalert-query-budget', dependencies: ['wildalert-errors'] },
);
