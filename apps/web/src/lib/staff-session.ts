/**
 * Who is signed in as staff (GET /staff/me), for every screen that needs to know: the staff
 * screens and moderation are separate features, and both read the one session. The session
 * itself is an HttpOnly cookie the page never sees; what the page keeps is the answer of
 * /staff/me, with the CSRF token every cookie-authenticated write sends back.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { StaffRole } from '@wildalert/shared';
import { api, ApiError } from './api-client.ts';

export interface StaffMe {
  id: string;
  name: string;
  role: StaffRole;
  /** Null when signed in with an API token, which needs none. */
  csrfToken: string | null;
  signedInWith: 'passkey' | 'sso' | 'token';
}

export const staffMeKey = ['staff', 'me'] as const;

/** The signed-in person, or null when nobody is (401). */
async function getStaffMe(): Promise<StaffMe | null> {
  try {
    return (await api<{ data: StaffMe }>('/staff/me', { cache: 'no-store' })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useStaffMe() {
  // Not refetched on its own: a sign-in or sign-out sets it, and a 401 from any staff call drops it.
  return useQuery({ queryKey: staffMeKey, queryFn: getStaffMe, staleTime: Infinity, retry: false });
}

/** The headers of a cookie-authenticated write: without the session's CSRF token the server answers 403. */
export function csrfHeaders(me: Pick<StaffMe, 'csrfToken'>): Record<string, string> {
  return me.csrfToken === null ? {} : { 'x-csrf-token': me.csrfToken };
}

/** A JSON body for a staff write, with its CSRF token. */
export function staffWrite(me: Pick<StaffMe, 'csrfToken'>, method: 'POST' | 'PUT' | 'DELETE', body?: unknown): RequestInit {
  return {
    method,
    headers: { ...csrfHeaders(me), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** Whether a staff call failed because the session is gone (expired, ended elsewhere, the account disabled). */
export function sessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * After a staff write failed: a session gone drops who is signed in (the screen offers signing in
 * again); a CSRF token refused (a sign-in in another tab started a new session, with a new token)
 * fetches the current one, so that trying again works.
 */
export function afterStaffFailure(queryClient: QueryClient, error: unknown): void {
  if (sessionEnded(error)) queryClient.setQueryData(staffMeKey, null);
  else if (error instanceof ApiError && error.status === 403 && error.problem?.type.endsWith('csrf')) void queryClient.invalidateQueries({ queryKey: staffMeKey });
}
