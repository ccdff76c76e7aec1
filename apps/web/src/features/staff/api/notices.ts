/** An organisation's official notices (issue 33): the caller's organisations, their notices, posting and removing one. */
import { useQuery } from '@tanstack/react-query';
import type { Names, Notice, NoticeBody } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';
import { staffWrite, type StaffMe } from '../../../lib/staff-session.ts';
import { useStaffMutation } from './staff-mutation.ts';

/** What the notice form needs of an organisation (GET /staff/organisations: the caller's own; all for an admin). */
interface OrganisationName {
  id: string;
  name: Names;
}

const organisationsKey = ['staff', 'notice-organisations'];
const noticesKey = (organisationId: string) => ['staff', 'notices', organisationId];

export function useNoticeOrganisations() {
  return useQuery({
    queryKey: organisationsKey,
    queryFn: async () => (await api<{ data: OrganisationName[] }>('/staff/organisations', { cache: 'no-store' })).data,
  });
}

export function useOrganisationNotices(organisationId: string | undefined) {
  return useQuery({
    queryKey: noticesKey(organisationId ?? ''),
    queryFn: async () => (await api<{ data: Notice[] }>(`/staff/organisations/${encodeURIComponent(organisationId!)}/notices`, { cache: 'no-store' })).data,
    enabled: organisationId !== undefined,
  });
}

export function usePostNotice(me: StaffMe, organisationId: string) {
  return useStaffMutation(
    async (body: NoticeBody) => (await api<{ data: Notice }>(`/staff/organisations/${encodeURIComponent(organisationId)}/notices`, staffWrite(me, 'POST', body))).data,
    [noticesKey(organisationId), ['notices']],
  );
}

export function useRemoveNotice(me: StaffMe, organisationId: string) {
  return useStaffMutation(
    (noticeId: string) => api<void>(`/staff/organisations/${encodeURIComponent(organisationId)}/notices/${encodeURIComponent(noticeId)}`, staffWrite(me, 'DELETE')),
    [noticesKey(organisationId), ['notices']],
  );
}
