/** One error handler: every failure becomes problem+json; 5xx details are logged, never sent. */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrors, type FieldErrors } from '@wildalert/shared';
import { DatabaseUnavailableError, StorageFullError } from '../db/database.ts';
import { PhotoStoreUnavailableError } from '../photos/photo-storage.ts';
import { localizeFieldErrors, negotiateLanguage, translate } from '../i18n/language.ts';
import { HttpProblem, PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, problem, sendProblem } from '../http/problem.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a route that takes something other than JSON says to a body of another type (415). */
    mediaTypeHint?: string;
  }
}

const INTERNAL_ERROR_DETAIL = 'Something went wrong on our side. It has been logged.';

/** What the server lacks for a while, each a 503 with its own type and wait. */
const UNAVAILABLE: Array<[new (...args: never[]) => Error, { retryAfterSeconds: number; detail: string; type: string; log: 'error' | 'warn'; message: string }]> = [
  // Someone has to free space: an error, not a warning.
  [StorageFullError, { retryAfterSeconds: 60, detail: 'The server has no space left to store this; try again later.', type: PROBLEM_TYPES.storageFull, log: 'error', message: 'storage full' }],
  [
    DatabaseUnavailableError,
    { retryAfterSeconds: 5, detail: 'The database is unavailable right now; try again in a few seconds.', type: PROBLEM_TYPES.databaseUnavailable, log: 'warn', message: 'database unavailable' },
  ],
  [
    PhotoStoreUnavailableError,
    { retryAfterSeconds: 10, detail: 'Photos cannot be stored or read right now; try again in a few seconds.', type: PROBLEM_TYPES.photoStoreUnavailable, log: 'warn', message: 'photo store unavailable' },
  ],
];

export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      try {
        return handleError(error, request, reply);
      } catch (failure) {
        request.log.error({ err: failure, cause: error }, 'the error handler failed');
        return sendProblem(reply, problem(500, INTERNAL_ERROR_DETAIL));
      }
    });
    app.setNotFoundHandler((request, reply) =>
      sendProblem(reply, problem(404, `Nothing at ${methodOf(request)} ${pathOf(request.url)}`)),
    );
    // Node answers an Expect header other than 100-continue itself, with a bare 417.
    app.server.on('checkExpectation', (_request, response: ServerResponse) => {
      const body = JSON.stringify(problem(417, 'Only "Expect: 100-continue" is supported.'));
      response.writeHead(417, { 'content-type': PROBLEM_CONTENT_TYPE, 'content-length': Buffer.byteLength(body), connection: 'close' });
      response.end(body);
    });
  },
  { name: 'wildalert-errors', dependencies: [] },
);

export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpProblem) {
    reply.headers(error.headers);
    return sendProblem(
      reply,
      problem(error.status, error.message, {
        type: error.type,
        ...(error.errors ? { errors: localizedErrors(error.errors, request, reply) } : {}),
      }),
    );
  }
  const unavailable = UNAVAILABLE.find(([kind]) => error instanceof kind);
  if (unavailable) {
    const [, { retryAfterSeconds, detail, type, log, message }] = unavailable;
    request.log[log]({ err: error }, message);
    reply.header('retry-after', String(retryAfterSeconds));
    return sendProblem(reply, problem(503, detail, { type }));
  }
  const e = error as Partial<FastifyError>;
  if (e.validation) {
    const errors = localizedErrors(fieldErrors(e.validation), request, reply);
    const detail = translate(languageOf(request), 'validation.detail', { part: e.validationContext ?? 'request' });
    return sendProblem(reply, problem(400, detail, { type: PROBLEM_TYPES.validation, errors }));
  }
  const status = e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return sendProblem(reply, problem(status, clientMessage(e, request)));
  }
  request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, problem(500, INTERNAL_ERROR_DETAIL));
}

const languageOf = (request: FastifyRequest) => negotiateLanguage(request.headers['accept-language']);

/** Field errors with their messages in the language the request asks for (Accept-Language), which the answer names. */
function localizedErrors(errors: FieldErrors, request: FastifyRequest, reply: FastifyReply): FieldErrors {
  const language = languageOf(request);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language').header('content-language', language);
  return localizeFieldErrors(errors, language);
}

/** Fastify's own 4xx messages are safe to show; a few read better rephrased, in the route's terms. */
function clientMessage(e: Partial<FastifyError>, request: FastifyRequest): string {
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const limit = request.routeOptions.bodyLimit ?? 16 * 1024;
      return `The request body is larger than ${limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MiB` : `${limit / 1024} KiB`}.`;
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return request.routeOptions.config.mediaTypeHint ?? 'Send the body as application/json.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return e.message ?? 'The body is not valid JSON.';
    default:
      if (e instanceof SyntaxError || e.name === 'SyntaxError') return 'The body is not valid JSON.';
      return e.message ?? 'Bad request.';
  }
}

/**
 * Answers a request Node could not even parse (a bad request line, headers too large, a
 * client too slow to send its request) with a problem, as Fastify would with plain JSON.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const detail = {
    408: 'The request did not arrive in time.',
    431: 'The request headers are too large.',
    400: 'The request is not valid HTTP.',
  }[status];
  const body = JSON.stringify(problem(status, detail));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The method to name in a detail: a HEAD is answered as its GET, to the Content-Length. */
export function methodOf(request: FastifyRequest): string {
  return request.method === 'HEAD' ? 'GET' : request.method;
}

function pathOf(url: string): string {
  const path = url.split('?', 1)[0] ?? '/';
  // Echo at most a short, printable path.
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
