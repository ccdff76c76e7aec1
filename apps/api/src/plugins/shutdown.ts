/**
 * Graceful stop. `drain()` comes first: the server keeps accepting and reading, so requests
 * clients had already sent when the signal came (unread in socket buffers, or on connections
 * not accepted yet while the database held the event loop) are read and answered; new ones
 * get a 503 problem and `Connection: close`. It ends once no request has come for QUIET_MS
 * (at most DRAIN_MAX_MS, against clients that ignore Retry-After). Then `app.close()` stops
 * listening, lets requests in flight finish and closes the idle connections. Closing at once
 * would reset every connection whose next request had not been read yet.
 */
import fp from 'fastify-plugin';
import { PROBLEM_TYPES, problem, sendProblem } from '../http/problem.ts';
declare module 'fastify' {
  interface FastifyInstance {
    /** Answers every new request with 503 until none has come for a moment (at most DRAIN_MAX_MS). */
    drain(): Promise<void>;
  }
}

const QUIET_MS = 250;
const DRAIN_MAX_MS = 3_000;

export default fp(
  async (app) => {
    let closing = false;
    let lastRequestAt = 0;
    app.decorate('drain', async () => {
      closing = true;
      const started = Date.now();
      lastRequestAt = started;
      while (Date.now() - lastRequestAt < QUIET_MS && Date.now() - started < DRAIN_MAX_MS) {
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 5));
      }
    });
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!closing) return;
      lastRequestAt = Date.now();
      reply.header('connection', 'close').header('retry-after', '5');
      return sendProblem(
        reply,
        problem(503, 'The server is restarting; try again in a few seconds.', { type: PROBLEM_TYPES.shuttingDown }),
      );
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
  },
  { name: 'wildalert-shutdown', dependencies: [] },
);
