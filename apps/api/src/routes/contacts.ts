/** GET /Contacts: whom to call about an animal at a place (the City Guard, the emergency number), from CONTACTS_FILE. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { ContactListResponseSchema, ContactsQuerySchema, type ContactEntry } from '@wildalert/shared';
import { contactsFor } from '../repositories/contacts-table.ts';
import { problemResponses } from '../http/problem.ts';

/** The table changes only with the server's configuration. */
const CONTACTS_CACHE_CONTROL = 'public, max-age=3600';

const contacts: FastifyPluginAsyncTypebox<{ table: readonly ContactEntry[] }> = async (app, { table }) => {
  const find = contactsFor(app.db, table);
  app.get(
    '/Contacts',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'listContacts',
        summary: 'Whom to call about an animal at a place',
        description: [
          'The services whose area holds the point (`Latitude`, `Longitude`), the most local first and those for',
          'everywhere last, optionally only those for a `behaviour` (`aggressive`, `injured`, `dead-on-road`…).',
          'The table is the server\'s `CONTACTS_FILE`; by default Kraków\'s City Guard (986) and the emergency number (112).',
        ].join('\n'),
        querystring: ContactsQuerySchema,
        response: { 200: ContactListResponseSchema, ...problemResponses(400) },
      },
    },
    async (request, reply) => {
      const { latitude, longitude, behaviour } = request.query;
      reply.header('cache-control', CONTACTS_CACHE_CONTROL);
      return { data: await find({ latitude, longitude }, behaviour) };
    },
  );
};

export default fp(contacts, {
  name: 'wildalert-contacts-routes',
  dependencies: ['wildalert-errors', 'wildalert-db', 'wildalert-docs'],
  encapsulate: true,
});
