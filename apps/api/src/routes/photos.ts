/**
 * Photos of alerts: whoever reported an alert adds up to three (POST /Alerts/{id}/photos),
 * everyone sees them (GET /Alerts/{id}/photos, GET /photos/{key}), a moderator hides one
 * (DELETE /Alerts/{id}/photos/{photoId}). The server keeps only its own copies: decoded,
 * upright, resized, without metadata.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { fieldError, PhotoListResponseSchema, PhotoResponseSchema, UUID_PATTERN } from '@wildalert/shared';
import type { FastifyRequest } from 'fastify';
import { actorOf, STAFF_SECURITY } from '../staff/staff-member.ts';
import { HttpProblem, PROBLEM_TYPES, problemResponse, problemResponses } from '../http/problem.ts';
import { PhotoRejectedError } from '../photos/process-photo.ts';
import { PhotoDecodesBusyError, UploadInProgressError } from '../services/photos-service.ts';
import { PHOTOS_PER_ALERT, TooManyPhotosError, UploadExpiredError } from '../repositories/photos-repository.ts';

/** A phone's photo before the browser downsizes it, or a camera's: at most 15 MiB. */
const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

/** Content-addressed copies never change: a browser keeps them; a shared cache asks again after five minutes, in case one was hidden. */
const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable, s-maxage=300';

const KEY_TEXT = '^"?[\\x21\\x23-\\x7E]{1,200}"?$';
const KEY_HEADER = Type.String({ pattern: KEY_TEXT });
const unquote = (value: string) => value.replace(/^"(.*)"$/, '$1');

const AlertParams = Type.Object({ id: Type.String({ description: 'UUID' }) });

const UploadHeadersSchema = Type.Object({
  'alert-key': Type.Intersect([KEY_HEADER], {
    description:
      "The Alert-Key the answer to the alert's POST /Alerts carried: only its reporter has it, and only its reporter adds photos. " +
      '(An alert reported before there were Alert-Keys takes the Idempotency-Key it was reported with.)',
  }),
  'idempotency-key': Type.Intersect([KEY_HEADER], {
    description: 'A unique value per photo: an upload retried with the same key answers the photo stored the first time.',
  }),
});

const notFound = (id: string) => new HttpProblem({ status: 404, detail: `There is no alert ${id}.` });

const KEY_PATTERN = new RegExp(KEY_TEXT);

/** Why an upload was not taken, as its problem; undefined for a failure of the server's own (500, logged). */
function uploadProblem(error: unknown): HttpProblem | undefined {
  if (error instanceof TooManyPhotosError) return new HttpProblem({ status: 400, detail: `An alert has at most ${PHOTOS_PER_ALERT} photos.` });
  if (error instanceof PhotoRejectedError) return new HttpProblem({ status: error.status, detail: error.message });
  if (error instanceof PhotoDecodesBusyError) {
    return new HttpProblem({
      status: 503,
      detail: 'The server is busy with other photos; send this one again in a moment.',
      type: PROBLEM_TYPES.photoDecodesBusy,
      headers: { 'retry-after': '2' },
    });
  }
  if (error instanceof UploadInProgressError) {
    return new HttpProblem({
      status: 409,
      detail: 'This upload (its Idempotency-Key) is still being stored by an earlier request; send it again in a moment to get its answer.',
      headers: { 'retry-after': '2' },
    });
  }
  if (error instanceof UploadExpiredError) {
    return new HttpProblem({ status: 503, detail: 'The upload took too long and was given up; send it again.', headers: { 'retry-after': '1' } });
  }
  return undefined;
}

const photos: FastifyPluginAsyncTypebox = async (app) => {
  /** Only the alert's reporter adds photos: checked from the path and the Alert-Key alone. */
  const checkUploadRight = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const { id } = request.params;
    if (!UUID_PATTERN.test(id)) throw notFound(id);
    const alertKey = request.headers['alert-key'];
    if (typeof alertKey !== 'string' || !KEY_PATTERN.test(alertKey)) {
      throw new HttpProblem({
        status: 400,
        type: PROBLEM_TYPES.validation,
        detail: 'alert-key must be the Alert-Key the report of the alert was answered with',
        errors: { 'alert-key': [fieldError({ code: alertKey === undefined ? 'required' : 'wrong_format' })] },
      });
    }
    const right = await app.photos.uploadRight(id, unquote(alertKey));
    if (right === 'no-alert') throw notFound(id);
    if (right === 'wrong-key') {
      throw new HttpProblem({ status: 403, detail: 'Only the reporter of an alert adds photos to it: the Alert-Key is not the one its report was answered with.' });
    }
  };

  // The photo's bytes as they came: what they are is found by decoding them, not from this type.
  app.addContentTypeParser(/^(image\/[\w.+-]+|application\/octet-stream)$/, { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/Alerts/:id/photos',
    {
      schema: {
        tags: ['photos'],
        operationId: 'addPhoto',
        summary: 'Add a photo to an alert (its reporter only)',
        description:
          `The image itself as the body (JPEG, PNG, WebP or HEIC; at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MiB), ` +
          `at most ${PHOTOS_PER_ALERT} photos per alert (counting uploads under way: a fourth is refused before it is decoded). ` +
          'The server decodes it whatever its declared type, turns it upright, strips every piece of metadata (GPS included) ' +
          'and keeps only copies of 320 and 1280 px as WebP. A 503 (the photo store down, or too many photos being decoded) ' +
          'leaves nothing stored: send the same upload again, with the same Idempotency-Key, after `Retry-After`.',
        params: AlertParams,
        headers: UploadHeadersSchema,
        // Any bytes, as sent: decoding them is the check (a schema cannot tell a photo from a disguised file).
        body: {
          content: Object.fromEntries(
            ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/octet-stream'].map((type) => [
              type,
              { schema: Type.Unsafe<Buffer>({ description: 'The image file' }) },
            ]),
          ),
        },
        response: {
          200: { ...PhotoResponseSchema, description: 'Stored before, under the same Idempotency-Key' },
          201: PhotoResponseSchema,
          ...problemResponses(400, 403, 404, 409, 413, 415),
          503: {
            ...problemResponse(
              503,
              'Not taken now, nothing stored: the photo store is unavailable, or the server has too many photos to decode; send it again after `Retry-After`',
            ),
            headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before sending it again' } },
          },
        },
      },
      bodyLimit: MAX_PHOTO_BYTES,
      config: { rateLimit: false, mediaTypeHint: 'Send the photo itself as the body, with its image type (image/jpeg, image/png, image/webp, image/heic).' },
      onRequest: app.limitWrites,
      // Before a byte of the body is read: a stranger's 15 MiB never reaches memory.
      preParsing: async (request) => checkUploadRight(request as FastifyRequest<{ Params: { id: string } }>),
    },
    async (request, reply) => {
      const { id } = request.params;
      const uploadKey = unquote(request.headers['idempotency-key']);
      try {
        const { photo, replayed } = await app.services.photos.upload(id, uploadKey, request.body as Buffer);
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(replayed ? 200 : 201).header('location', photo.url).send({ data: photo });
      } catch (error) {
        throw uploadProblem(error) ?? error;
      }
    },
  );

  app.get(
    '/Alerts/:id/photos',
    {
      schema: {
        tags: ['photos'],
        operationId: 'listPhotos',
        summary: "An alert's photos, in the order they were added",
        params: AlertParams,
        response: { 200: PhotoListResponseSchema, ...problemResponses(400, 404) },
      },
      config: { queryBudget: true },
    },
    async (request) => {
      const { id } = request.params;
      const list = UUID_PATTERN.test(id) ? await app.photos.ofAlert(id) : undefined;
      if (!list) throw notFound(id);
      return { data: list };
    },
  );

  app.get(
    '/photos/:key',
    {
      schema: {
        tags: ['photos'],
        operationId: 'getPhotoCopy',
        summary: "A photo's copy (WebP), by its content hash",
        description: 'Answered 404 once the photo or its alert is hidden.',
        params: Type.Object({ key: Type.String() }),
        response: {
          200: { description: 'The image', content: { 'image/webp': { schema: Type.Unsafe({ type: 'string', format: 'binary' }) } } },
          ...problemResponses(400, 404),
        },
      },
      config: { queryBudget: true },
    },
    async (request, reply) => {
      const { key } = request.params;
      const missing = new HttpProblem({ status: 404, detail: `There is no photo ${key}.` });
      if (!/^[\w-]{32}\.webp$/.test(key) || !(await app.photos.servable(key))) throw missing;
      const body = await app.photoStorage.get(key);
      if (!body) throw missing;
      return reply.type('image/webp').header('cache-control', PHOTO_CACHE_CONTROL).send(body);
    },
  );

  app.delete(
    '/Alerts/:id/photos/:photoId',
    {
      schema: {
        tags: ['moderation'],
        operationId: 'hidePhoto',
        summary: 'Hide one photo of an alert (moderator)',
        description: 'The photo is kept, no longer listed or served; the decision lands in the moderation log.',
        security: STAFF_SECURITY,
        params: Type.Object({ id: Type.String({ description: 'UUID' }), photoId: Type.String({ description: 'UUID' }) }),
        response: { 204: Type.Null({ description: 'Hidden (or hidden already)' }), ...problemResponses(400, 401, 403, 404) },
      },
      onRequest: app.requireStaff('moderator'),
    },
    async (request, reply) => {
      const { id, photoId } = request.params;
      const hidden = UUID_PATTERN.test(id) && UUID_PATTERN.test(photoId) && (await app.services.photos.hide(id, photoId, actorOf(request.staffMember!)));
      if (!hidden) throw new HttpProblem({ status: 404, detail: `Alert ${id} has no photo ${photoId}.` });
      return reply.code(204).send(null);
    },
  );
};

export default fp(photos, {
  name: 'wildalert-photos-routes',
  dependencies: ['wildalert-errors', 'wildalert-repositories', 'wildalert-services', 'wildalert-photo-storage', 'wildalert-rate-limit', 'wildalert-query-budget', 'wildalert-staff-auth', 'wildalert-docs'],
  encapsulate: true,
});
