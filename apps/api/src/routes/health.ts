/** /health: is the API up, which engine serves it, can it reach the database. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponseSchema, ProblemSchema } from '@wildalert/shared';
import { alertsRepository } from '../repositories/alerts-repository.ts';

const health: FastifyPluginAsyncTypebox<{ version: string }> = async (app, { version }) => {
  const repo = alertsRepository(app.db);
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Health, database engine and count of visible alerts',
        description: 'Answers 503 with the same body when the database cannot be reached.',
        response: { 200: HealthResponseSchema, 429: ProblemSchema, 503: HealthResponseSchema },
      },
      // It counts the alerts: a database read like any other.
      config: { queryBudget: true },
    },
    async (request, reply) => {
      const engine = app.db.engine;
      reply.header('cache-control', 'no-store');
      try {
        const alerts = await repo.count();
        return { status: 'ok' as const, database: { engine, up: true }, alerts, version };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'degraded' as const, database: { engine, up: false }, version });
      }
    },
  );
};

export default health;
