import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { afterStaffFailure, csrfHeaders, staffMeKey, type StaffMe } from './staff-session.ts';

const me: StaffMe = { id: 'a1', name: 'Anna', role: 'moderator', csrfToken: 'csrf-1', signedInWith: 'passkey' };
const problem = (status: number, type: string) => ({ type, title: 't', status, detail: 'd' });

/** A cache that knows who is signed in; asked again, the server has a new CSRF token for the session. */
function signedIn() {
  const client = new QueryClient();
  client.setQueryDefaults(staffMeKey, { queryFn: () => ({ ...me, csrfToken: 'csrf-2' }) });
  client.setQueryData(staffMeKey, me);
  return { client };
}

describe('afterStaffFailure', () => {
  it('forgets who was signed in when the server says the session is gone', () => {
    const { client } = signedIn();
    afterStaffFailure(client, new ApiError('http', 401, problem(401, '/problems/unauthorized')));
    expect(client.getQueryData(staffMeKey)).toBeNull();
  });

  it('asks for the current CSRF token when the server refused the one sent, and keeps the person', async () => {
    const { client } = signedIn();
    afterStaffFailure(client, new ApiError('http', 403, problem(403, '/problems/csrf')));
    expect(client.getQueryState(staffMeKey)?.isInvalidated).toBe(true);
    await client.refetchQueries({ queryKey: staffMeKey });
    expect(client.getQueryData<StaffMe>(staffMeKey)?.csrfToken).toBe('csrf-2');
  });

  it('leaves the session alone for any other refusal', () => {
    const { client } = signedIn();
    afterStaffFailure(client, new ApiError('http', 403, problem(403, '/problems/forbidden')));
    afterStaffFailure(client, new ApiError('http', 409));
    afterStaffFailure(client, new ApiError('network', 0));
    expect(client.getQueryData(staffMeKey)).toEqual(me);
    expect(client.getQueryState(staffMeKey)?.isInvalidated).toBe(false);
  });
});

describe('csrfHeaders', () => {
  it("sends the session's token, and none for an API token's person", () => {
    expect(csrfHeaders(me)).toEqual({ 'x-csrf-token': 'csrf-1' });
    expect(csrfHeaders({ csrfToken: null })).toEqual({});
  });
});
