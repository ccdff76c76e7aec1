/**
 * The moderators' API calls, their queries and mutations, through the staff session: its cookie
 * goes with every request (same origin), and the decisions, which write, send the session's CSRF
 * token. A 401 (the session ended) drops who is signed in, and the screen offers signing in again.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, PlausibilityCheck, VerificationChange, VerificationDecision } from '@wildalert/shared';
import { api, ApiError } from '../../../lib/api-client.ts';
import { afterStaffFailure, csrfHeaders, sessionEnded, staffMeKey, staffWrite, type StaffMe } from '../../../lib/staff-session.ts';

export interface ModeratedAlert {
  alert: Alert;
  hidden: boolean;
  hiddenBy: 'moderator' | 'reports' | null;
  hiddenAt: string | null;
  reports: Array<{ reason: string; reportedAt: string }>;
  /** The plausibility checks it failed when it was made (issue 35): why it waits for a look. */
  checks: PlausibilityCheck[];
}

interface ModeratedList {
  data: ModeratedAlert[];
  truncated: boolean;
}

const getReported = () => api<ModeratedList>('/moderation/reports', { cache: 'no-store' });
const getHidden = () => api<ModeratedList>('/moderation/hidden', { cache: 'no-store' });

export function useModerationLists() {
  const reported = useQuery({ queryKey: ['moderation', 'reported'], queryFn: getReported, retry: false });
  const hidden = useQuery({ queryKey: ['moderation', 'hidden'], queryFn: getHidden, retry: false });
  const queryClient = useQueryClient();
  const ended = sessionEnded(reported.error) || sessionEnded(hidden.error);
  useEffect(() => {
    if (ended) queryClient.setQueryData(staffMeKey, null);
  }, [ended, queryClient]);
  return { reported, hidden };
}

export type Decision =
  | { kind: 'hide'; alertId: string }
  | { kind: 'restore'; alertId: string }
  | { kind: 'hide-photo'; alertId: string; photoId: string };

/** Sends a decision; every one lands in the server's moderation log and the audit log, with the person's name. */
async function decide(me: StaffMe, d: Decision): Promise<void> {
  const id = encodeURIComponent(d.alertId);
  const headers = csrfHeaders(me);
  if (d.kind === 'hide') await api<void>(`/Alerts/${id}`, { method: 'DELETE', headers });
  else if (d.kind === 'restore') await api<unknown>(`/moderation/alerts/${id}/restore`, { method: 'POST', headers });
  else await api<void>(`/Alerts/${id}/photos/${encodeURIComponent(d.photoId)}`, { method: 'DELETE', headers });
}

export function useDecision(me: StaffMe) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) => decide(me, d),
    onError: (error) => afterStaffFailure(queryClient, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  });
}

/** A moderator's verdict on an alert (issue 35); `hide` also takes a rejected one off the map, as hiding it would. */
export interface Verdict {
  alertId: string;
  decision: VerificationDecision;
  hide?: boolean;
}

async function judge(me: StaffMe, { alertId, decision, hide }: Verdict): Promise<void> {
  const id = encodeURIComponent(alertId);
  await api<unknown>(`/moderation/alerts/${id}/verification`, staffWrite(me, 'POST', decision));
  // After the verdict, so that the hidden alert keeps its reason for whoever restores it.
  if (hide) await api<void>(`/Alerts/${id}`, { method: 'DELETE', headers: csrfHeaders(me) });
}

export function useVerdict(me: StaffMe) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: Verdict) => judge(me, v),
    onError: (error) => afterStaffFailure(queryClient, error),
    // The lists and the alert's history: a verdict that failed half-way (judged, not hidden) shows as it stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  });
}

/** An alert's changes of level, oldest first, asked for only when the moderator opens them. */
export function useVerificationHistory(alertId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['moderation', 'history', alertId],
    queryFn: () => api<{ data: VerificationChange[] }>(`/moderation/alerts/${encodeURIComponent(alertId)}/verification`, { cache: 'no-store' }).then((r) => r.data),
    enabled,
    retry: false,
  });
}

/**
 * A photo's copy as the moderator sees it (GET /moderation/photos/{key}, with the session): an
 * object URL, let go when the photo leaves the screen. Public addresses of a hidden alert's photos answer 404.
 */
export function useModeratorPhoto(publicUrl: string): { url: string | undefined; failed: boolean } {
  const key = publicUrl.split('/').at(-1) ?? '';
  const blob = useQuery({
    queryKey: ['moderator-photo', key],
    queryFn: async () => {
      const response = await fetch(`/moderation/photos/${encodeURIComponent(key)}`);
      if (!response.ok) throw new ApiError('http', response.status);
      return response.blob();
    },
    staleTime: Infinity,
    retry: false,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  return { url, failed: blob.isError };
}
