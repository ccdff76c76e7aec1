/** /health: is the API up, which engine serves it, can it reach the database. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { HealthResponseSchema } from '@wildalert/shared';
import { StorageFullError } from '../db/database.ts';

const health: FastifyPluginAsyncTypebox<{ version: string }> = async (app, { version }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        operationId: 'getHealth',
        summary: 'Health, database engine and count of visible alerts',
        description:
          'Answers 503 with the same body when the database cannot be reached, or cannot store anything for lack of disk space.',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
      // It counts the alerts: a database read like any other.
      config: { queryBudget: true },
    },
    async (request, reply) => {
      const engine = app.db.engine;
      reply.header('cache-control', 'no-store');
      try {
        const alerts = await app.alerts.count();
        // A count still works on a full disk: the engine remembers that writes failed.
        if (!(await app.db.storageFull?.())) return { status: 'ok' as const, database: { engine, up: true }, alerts, version };
        request.log.warn('health check: writes fail for lack of disk space');
        const database = { engine, up: true, storageFull: true as const };
        return reply.code(503).send({ status: 'degraded' as const, database, alerts, version });
      } catch (err) {
        const storageFull = err instanceof StorageFullError;
        request.log.warn({ err }, storageFull ? 'health check: the database stopped, its disk full' : 'health check: database unreachable');
        const database = { engine, up: false, ...(storageFull ? { storageFull: true as const } : {}) };
        return reply.code(503).send({ status: 'degraded' as const, database, version });
      }
    },
  );
};

// Still encapsulated (as a plain plugin would be); fastify-plugin only adds the name and the
// dependencies, so that registering it before what it uses fails at start, naming what is missing.
export default fp(health, {
  name: 'wildalert-health-routes',
  dependencies: [
    'wildalert-db',
    'wildalert-repositories',
    'wildalert-query-budget',
    'wildalert-docs',
  ],
  encapsulate: true,
});
