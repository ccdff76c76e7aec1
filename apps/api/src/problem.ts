/** RFC 9457 problem details: the one shape of every error answer. */
import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { FieldErrors, Problem } from '@wildalert/shared';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Problem types that say more than the status code; documented in the OpenAPI page. */
export const PROBLEM_TYPES = {
  validation: '/problems/validation',
  idempotencyKeyReused: '/problems/idempotency-key-reused',
  databaseUnavailable: '/problems/database-unavailable',
  rateLimited: '/problems/rate-limited',
  shuttingDown: '/problems/shutting-down',
} as const;

/** An error a route throws on purpose; the error handler turns it into its problem answer. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly type = 'about:blank',
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
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
