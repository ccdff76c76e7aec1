/** /Animals: the catalogue an alert's animal comes from. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
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
      return { data: ANIMALS.map((animal) => ({ ...animal, advice: [...animal.advice] })) };
    },
  );
};

// Still encapsulated (as a plain plugin would be); fastify-plugin only adds the name and the
// dependencies, so that registering it before what it uses fails at start, naming what is missing.
export default fp(animals, {
  name: 'wildalert-animals-routes',
  dependencies: ['wildalert-docs'],
  encapsulate: true,
});
