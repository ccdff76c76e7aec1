/** GET /Contacts: whom to call about an animal at a place (the City Guard, the emergency number), from the organisations. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { ContactListResponseSchema, ContactsQuerySchema } from '@wildalert/shared';
import { problemResponses } from '../http/problem.ts';

/** Admins may change the organisations, and `openNow` turns with the clock: a minute's staleness at most. */
const CONTACTS_CACHE_CONTROL = 'public, max-age=60';

const contacts: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Contacts',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'listContacts',
        summary: 'Whom to call about an animal at a place',
        description: [
          'The organisations whose area holds the point (`Latitude`, `Longitude`), the most local first and those for',
          'everywhere last, optionally only those to call about a `behaviour` (`aggressive`, `injured`, `dead-on-road`…).',
          'Each says whether reports land in its `inbox` and whether it is `openNow` (within its hours, in the',
          "server's TIME_ZONE): a client says \"sent to …\" for those, and shows the numbers to call otherwise.",
          'Given the `animal` too, `inbox` says whether a report of that animal and behaviour lands in its inbox (its',
          'routing rules take it), and an organisation whose rules take it is listed even if not one to call about it;',
          '`phone` is null for one with no number to call. The organisations are kept by admins (first copied from the',
          "server's `CONTACTS_FILE`; by default Kraków's City Guard (986), the district veterinary officer and the emergency number (112)).",
        ].join('\n'),
        querystring: ContactsQuerySchema,
        response: { 200: ContactListResponseSchema, ...problemResponses(400) },
      },
    },
    async (request, reply) => {
      const { latitude, longitude, behaviour, animal } = request.query;
      reply.header('cache-control', CONTACTS_CACHE_CONTROL);
      return { data: await app.services.organisations.contacts({ latitude, longitude }, { behaviour, animal }) };
    },
  );
};

export default fp(contacts, {
  name: 'wildalert-contacts-routes',
  dependencies: ['wildalert-errors', 'wildalert-services', 'wildalert-docs'],
  encapsulate: true,
});
