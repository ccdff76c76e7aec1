/** RFC 9457 problem details: the one shape of every error answer. */
import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import { ProblemSchema, type FieldErrors, type Problem } from '@wildalert/shared';

/** The media type of every error answer. */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';
export const PROBLEM_CONTENT_TYPE = `${PROBLEM_MEDIA_TYPE}; charset=utf-8`;

/** Problem types that say more than the status code; documented in the OpenAPI page. */
export const PROBLEM_TYPES = {
  validation: '/problems/validation',
  idempotencyKeyReused: '/problems/idempotency-key-reused',
  databaseUnavailable: '/problems/database-unavailable',
  storageFull: '/problems/storage-full',
  photoStoreUnavailable: '/problems/photo-store-unavailable',
  photoDecodesBusy: '/problems/photo-decodes-busy',
  rateLimited: '/problems/rate-limited',
  shuttingDown: '/problems/shutting-down',
  csrf: '/problems/csrf',
  emailNotConfigured: '/problems/email-not-configured',
  geocoderUnavailable: '/problems/geocoder-unavailable',
} as const;

export interface HttpProblemOptions {
  status: number;
  /** What went wrong, for a person; sent as `detail`. */
  detail: string;
  /** One of PROBLEM_TYPES when the status alone does not say it; `about:blank` otherwise. */
  type?: string;
  /** Messages by field, for a validation problem. */
  errors?: FieldErrors;
  /** Headers the answer carries (Retry-After, WWW-Authenticate). */
  headers?: Record<string, string>;
}

/** An error a route throws on purpose; the error handler turns it into its problem answer. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly type: string;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string>;

  constructor({ status, detail, type = 'about:blank', errors, headers = {} }: HttpProblemOptions) {
    super(detail);
    this.status = status;
    this.type = type;
    this.errors = errors;
    this.headers = headers;
  }
}

/** A 429: the client's allowance of something is used up; `detail` says which, and when to try again. */
export function rateLimited(detail: string, retryAfterSeconds: number): HttpProblem {
  return new HttpProblem({
    status: 429,
    detail,
    type: PROBLEM_TYPES.rateLimited,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

export function problem(
  status: number,
  detail: string,
  extra: { type?: string; errors?: FieldErrors; instance?: string } = {},
): Problem {
  return {
    type: extra.type ?? 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(extra.instance === undefined ? {} : { instance: extra.instance }),
    ...(extra.errors === undefined ? {} : { errors: extra.errors }),
  };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

/** A route's response schema for a problem answer, declared with its media type. */
export function problemResponse(status: number, description = STATUS_CODES[status] ?? 'Error') {
  return { description, content: { [PROBLEM_MEDIA_TYPE]: { schema: ProblemSchema } } };
}

/** Response schemas for these statuses, each a problem: `response: { 200: …, ...problemResponses(400, 404) }`. */
export function problemResponses<const S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((status) => [status, problemResponse(status)])) as Record<S, ReturnType<typeof problemResponse>>;
}
