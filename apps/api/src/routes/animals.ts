/** /Animals: the catalogue one can report. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ANIMALS, AnimalListResponseSchema } from '@wildalert/shared';

const animals: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Animals',
    {
      schema: {
        tags: ['catalogue'],
        operationId: 'listAnimals',
        summary: 'The animal catalogue, in the order the add form shows it',
        response: { 200: AnimalListResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { data: [...ANIMALS] };
    },
  );
};

export default animals;
