/**
 * Graceful stop: once `app.close()` starts, requests in flight finish and their connections
 * close after the answer; a new request on a kept-alive connection gets a 503 problem.
 * Without this, an idle keep-alive connection would hold the stop for the keep-alive timeout.
 */
import fp from 'fastify-plugin';
import { PROBLEM_TYPES, problem, sendProblem } from '../problem.ts';

export default fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!closing) return;
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
  { name: 'shutdown' },
);
