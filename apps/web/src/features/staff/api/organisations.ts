/**
 * Organisations (issue 33): the list (all for an admin, one's own for a responder), one with its
 * members, an admin's create, change and delete, and members added or removed.
 */
import { useQuery } from '@tanstack/react-query';
import type { MonthlyReportSetting, Organisation, OrganisationBody } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';
import { staffWrite, type StaffMe } from '../../../lib/staff-session.ts';
import { useStaffMutation } from './staff-mutation.ts';

const organisationsKey = ['staff', 'organisations'];

const organisationPath = (id: string) => `/staff/organisations/${encodeURIComponent(id)}`;

export function useOrganisations() {
  return useQuery({
    queryKey: organisationsKey,
    queryFn: async () => (await api<{ data: Organisation[] }>('/staff/organisations', { cache: 'no-store' })).data,
  });
}

export function useOrganisation(id: string | null) {
  return useQuery({
    queryKey: [...organisationsKey, id],
    // One organisation is answered as itself, not in `data` (the contract of issue 33).
    queryFn: () => api<Organisation>(organisationPath(id!), { cache: 'no-store' }),
    enabled: id !== null,
  });
}

/** Creates one (no `id`) or changes it; 400 with field errors for what the form shows at its fields. */
export function useSaveOrganisation(me: StaffMe) {
  return useStaffMutation(
    ({ id, body }: { id: string | null; body: OrganisationBody }) =>
      api<Organisation>(id === null ? '/staff/organisations' : organisationPath(id), staffWrite(me, id === null ? 'POST' : 'PUT', body)),
    [organisationsKey, ['staff', 'audit']],
  );
}

export function useDeleteOrganisation(me: StaffMe) {
  return useStaffMutation((id: string) => api<void>(organisationPath(id), staffWrite(me, 'DELETE')), [organisationsKey, ['staff', 'audit']]);
}

/** A staff account made a member (`add`) or no longer one. */
export function useMembership(me: StaffMe) {
  return useStaffMutation(
    ({ organisationId, accountId, add }: { organisationId: string; accountId: string; add: boolean }) =>
      api<void>(`${organisationPath(organisationId)}/members/${encodeURIComponent(accountId)}`, staffWrite(me, add ? 'PUT' : 'DELETE')),
    [organisationsKey, ['staff', 'audit']],
  );
}

const monthlyReportKey = ['staff', 'monthly-report'];

/** The organisation's monthly report by e-mail (issue 37): where it goes, or `enabled: false`. */
export function useMonthlyReport(id: string) {
  return useQuery({
    queryKey: [...monthlyReportKey, id],
    queryFn: () => api<MonthlyReportSetting>(`${organisationPath(id)}/monthly-report`, { cache: 'no-store' }),
  });
}

/** Asks for it, changes it, or stops it; 400 with field errors (`addresses`) for what the form shows at its field. */
export function useSaveMonthlyReport(me: StaffMe) {
  return useStaffMutation(
    ({ id, body }: { id: string; body: MonthlyReportSetting }) => api<MonthlyReportSetting>(`${organisationPath(id)}/monthly-report`, staffWrite(me, 'PUT', body)),
    [monthlyReportKey],
  );
}
