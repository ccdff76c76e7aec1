/** People (admin): every staff account, its role changed, disabled or enabled again. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { StaffRole } from '@wildalert/shared';
import { staffWrite, type StaffMe } from '../../../lib/staff-session.ts';
import { useStaffMutation } from './staff-mutation.ts';

export interface StaffAccount {
  id: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  lastSignInAt: string | null;
  passkeys: number;
  sso: boolean;
  createdAt: string;
}

const accountsKey = ['staff', 'accounts'];

export function useAccounts() {
  return useQuery({ queryKey: accountsKey, queryFn: async () => (await api<{ data: StaffAccount[] }>('/staff/accounts', { cache: 'no-store' })).data });
}

/** 409 when it would leave no enabled admin (the last admin demoting or disabling themself). */
export function useUpdateAccount(me: StaffMe) {
  return useStaffMutation(
    ({ id, ...change }: { id: string; role?: StaffRole; disabled?: boolean }) =>
      api<unknown>(`/staff/accounts/${encodeURIComponent(id)}`, staffWrite(me, 'POST', change)),
    // Disabling ends sessions and the log gains a row.
    [accountsKey, ['staff', 'audit']],
  );
}
