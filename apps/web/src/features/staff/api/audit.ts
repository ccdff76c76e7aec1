/** The audit log (admin), newest first, a page at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface AuditEntry {
  id: number | string;
  at: string;
  actor: string;
  accountId: string | null;
  action: string;
  subject: string | null;
  details: Record<string, unknown> | null;
}

interface AuditPage {
  data: AuditEntry[];
  next: number | string | null;
}

const AUDIT_PAGE = 50;

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: ['staff', 'audit'],
    queryFn: ({ pageParam }) =>
      api<AuditPage>(`/staff/audit?limit=${AUDIT_PAGE}${pageParam === null ? '' : `&before=${encodeURIComponent(pageParam)}`}`, { cache: 'no-store' }),
    initialPageParam: null as number | string | null,
    getNextPageParam: (last) => last.next,
  });
}
