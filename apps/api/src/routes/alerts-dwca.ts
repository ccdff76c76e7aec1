/** GET /exports/dwca.zip: the licensed public alerts as a Darwin Core Archive, for GBIF (docs/open-data.md). */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import yazl from 'yazl';
import type { DwcaConfig } from '../config.ts';
import { MULTIMEDIA_COLUMNS, OCCURRENCE_COLUMNS, emlXml, headerLine, licencesUnder, metaXml, sharedParams, termName } from '../dwca/darwin-core.ts';

/**
 * Deflate's fastest level: a million lines deflate in about 3 s of one core instead of 10 at the
 * default level, for a zip about a fifth larger (the text is repetitive; either is ~1/6 of it).
 */
const COMPRESSION_LEVEL = 1;

const OCCURRENCE_HEADER = headerLine(OCCURRENCE_COLUMNS.map((c) => termName(c.term)));
const MULTIMEDIA_HEADER = headerLine(['coreid', ...MULTIMEDIA_COLUMNS.map((c) => termName(c.term))]);

async function* withHeader(header: string, lines: AsyncIterable<string>) {
  yield header;
  yield* lines;
}

const alertsDwca: FastifyPluginAsyncTypebox<{ dwca: DwcaConfig; timeZone: string }> = async (app, { dwca, timeZone }) => {
  const licences = licencesUnder(dwca.licence);
  const meta = Buffer.from(metaXml());

  app.get(
    '/exports/dwca.zip',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'exportDarwinCoreArchive',
        summary: 'Every licensed public alert as a Darwin Core Archive (for GBIF)',
        description:
          'A zip of `meta.xml`, `eml.xml` (the dataset: title, publisher, contact, licence), `occurrence.txt` (one ' +
          'Occurrence per alert its reporter gave a licence, hidden ones left out, at its public point: a protected ' +
          "species at its grid cell's centre, saying so in dataGeneralizations) and `multimedia.txt` (GBIF's Simple " +
          'Multimedia extension: the photos). Tab-separated UTF-8 with a header line of term names. Streamed as it is ' +
          'read from the database: there is no Content-Length, and a failure part way cuts the download short.',
        response: {
          200: { description: 'A Darwin Core Archive', content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } } },
        },
      },
    },
    async (request, reply) => {
      // PUBLIC_URL: an occurrenceID must not change with the address a harvester happened to use.
      const origin = dwca.publicUrl ?? `${request.protocol}://${request.host}`;
      const shared = sharedParams(origin, dwca);
      const now = new Date();
      const zip = new yazl.ZipFile();
      // A PassThrough, which @types/yazl types as the older NodeJS.ReadableStream.
      const output = zip.outputStream as Readable;
      const entry = { mtime: now, compressionLevel: COMPRESSION_LEVEL };
      zip.addBuffer(meta, 'meta.xml', entry);
      zip.addBuffer(Buffer.from(emlXml(dwca, origin, now.toISOString().slice(0, 10))), 'eml.xml', entry);
      // The photos' pass keeps to the alerts the first pass wrote: no photo without its occurrence.
      const seen = { lastSeq: '0' };
      // Lazy: each file's rows are read when the zip reaches it, and as fast as the client takes them.
      const fail = (error: Error) => {
        // Too late for an error answer: the status went out with the first bytes. A cut download is an unreadable zip.
        request.log.error({ err: error }, 'The Darwin Core Archive failed part way');
        output.destroy(error);
      };
      zip.on('error', fail);
      /**
       * A file's lines as a stream the zip reads as fast as the client takes them. One page waits
       * read ahead while the zip deflates another: the database and the API work at once, and
       * no more than two pages are held.
       */
      const file = (header: string, lines: () => AsyncIterable<string>) => (done: (error: null, stream: Readable) => void) =>
        done(null, Readable.from(withHeader(header, lines()), { highWaterMark: 1 }).on('error', fail));
      // Lazy: each file's rows are read only when the zip reaches it.
      zip.addReadStreamLazy('occurrence.txt', entry, file(OCCURRENCE_HEADER, () => app.dwca.occurrences(shared, licences, timeZone, seen)));
      zip.addReadStreamLazy('multimedia.txt', entry, file(MULTIMEDIA_HEADER, () => app.dwca.photos(shared, licences, timeZone, seen.lastSeq)));
      zip.end();
      reply.header('content-disposition', 'attachment; filename="wildalert-dwca.zip"');
      // The schema's binary string documents the body; the type provider would take only a string.
      return reply.type('application/zip').send(output as never);
    },
  );
};

// Still encapsulated (as a plain plugin would be); fastify-plugin only adds the name and the
// dependencies, so that registering it before what it uses fails at start, naming what is missing.
export default fp(alertsDwca, {
  name: 'wildalert-dwca-routes',
  dependencies: ['wildalert-errors', 'wildalert-repositories', 'wildalert-rate-limit', 'wildalert-docs'],
  encapsulate: true,
});
