/**
 * The one way the app calls the API (same origin). A problem+json answer becomes an
 * `ApiError` carrying the problem; a request that never got an answer becomes one of kind
 * "network". Aborts (a query cancelled by TanStack Query) pass through untouched.
 */
import type { FieldErrors, Problem } from '@wildalert/shared';

export class ApiError extends Error {
  constructor(
    /** "network": no answer at all; "http": an answer with an error status. */
    readonly kind: 'network' | 'http',
    /** 0 for network errors. */
    readonly status: number,
    readonly problem?: Problem,
    /** Seconds to wait before trying again, from a Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(problem?.detail ?? (kind === 'network' ? 'No answer from the server' : `HTTP ${status}`));
    this.name = 'ApiError';
  }

  get fieldErrors(): FieldErrors {
    return this.problem?.errors ?? {};
  }
}

export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  return (await apiAnswer<T>(path, init)).body;
}

/** `api`, with the answer's headers too: for the calls whose answer says something there (POST /Alerts: its Alert-Key). */
export async function apiAnswer<T>(path: string, init: RequestInit = {}): Promise<{ body: T; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', 0);
  }
  if (response.ok) {
    // 204 No Content (a deletion, a sign-out): nothing to read.
    if (response.status === 204) return { body: undefined as T, headers: response.headers };
    try {
      return { body: (await response.json()) as T, headers: response.headers };
    } catch {
      // The connection dropped while the body was arriving.
      throw new ApiError('network', 0);
    }
  }
  const problem = await readProblem(response);
  throw new ApiError('http', response.status, problem, retryAfter(response.headers.get('retry-after')));
}

async function readProblem(response: Response): Promise<Problem | undefined> {
  if (!/json/.test(response.headers.get('content-type') ?? '')) return undefined;
  try {
    const body = (await response.json()) as Partial<Problem> | null;
    return body && typeof body.status === 'number' && typeof body.detail === 'string' ? (body as Problem) : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Whether the browser is offline, or `error` is a request that never reached the server. */
export function isOffline(error?: unknown): boolean {
  return !navigator.onLine || (error instanceof ApiError && error.kind === 'network');
}
