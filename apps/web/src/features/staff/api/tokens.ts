/** My API tokens, for scripts: created (the token shown once), listed, revoked. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { StaffRole } from '@wildalert/shared';
import { staffWrite, type StaffMe } from '../../../lib/staff-session.ts';
import { useStaffMutation } from './staff-mutation.ts';

export interface ApiToken {
  id: string;
  name: string;
  role: StaffRole;
  createdAt: string;
  lastUsedAt: string | null;
}

const tokensKey = ['staff', 'tokens'];

export function useApiTokens() {
  return useQuery({ queryKey: tokensKey, queryFn: async () => (await api<{ data: ApiToken[] }>('/staff/tokens', { cache: 'no-store' })).data });
}

export function useCreateApiToken(me: StaffMe) {
  return useStaffMutation(
    async (token: { name: string; role: StaffRole }) =>
      (await api<{ data: ApiToken & { token: string } }>('/staff/tokens', staffWrite(me, 'POST', token))).data,
    [tokensKey],
  );
}

export function useRevokeApiToken(me: StaffMe) {
  return useStaffMutation((id: string) => api<void>(`/staff/tokens/${encodeURIComponent(id)}`, staffWrite(me, 'DELETE')), [tokensKey]);
}
