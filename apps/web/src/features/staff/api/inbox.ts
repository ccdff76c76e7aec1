/**
 * An organisation's inbox (issue 33): its entries, newest first, kept current by the server's
 * stream (each `entry` event refetches the list); a responder's step on one; the response figures.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxEntry, Organisation, StatusChangeBody } from '@wildalert/shared';
import { api } from '../../../lib/api-client.ts';
import { staffWrite, type StaffMe } from '../../../lib/staff-session.ts';
import { useStaffMutation } from './staff-mutation.ts';

export type InboxTab = 'open' | 'resolved';

const organisationPath = (id: string) => `/staff/organisations/${encodeURIComponent(id)}`;
const inboxKey = (organisationId: string) => ['staff', 'inbox', organisationId];
const figuresKey = (organisationId: string) => ['staff', 'figures', organisationId];

/** The most entries a tab shows: a day's reports many times over; older resolved ones are the dashboard's. */
const INBOX_LIMIT = 200;

export function useInbox(organisationId: string, tab: InboxTab) {
  return useQuery({
    queryKey: [...inboxKey(organisationId), tab],
    queryFn: async () =>
      (await api<{ data: InboxEntry[] }>(`${organisationPath(organisationId)}/inbox?status=${tab}&limit=${INBOX_LIMIT}`, { cache: 'no-store' })).data,
  });
}

export interface ResponseFigures {
  acknowledgedMedianSeconds: number | null;
  resolvedMedianSeconds: number | null;
  resolvedShare: number | null;
  entries: number;
}

/** Over the last 30 days (the server's window). */
export function useFigures(organisationId: string) {
  return useQuery({
    queryKey: figuresKey(organisationId),
    queryFn: () => api<ResponseFigures>(`${organisationPath(organisationId)}/figures`, { cache: 'no-store' }),
  });
}

/** 409 for a step backwards or from resolved (someone else was quicker): the list is fetched again either way. */
export function useStatusChange(me: StaffMe, organisationId: string) {
  return useStaffMutation(
    ({ alertId, change }: { alertId: string; change: StatusChangeBody }) =>
      api<InboxEntry>(`${organisationPath(organisationId)}/inbox/${encodeURIComponent(alertId)}/status`, staffWrite(me, 'POST', change)),
    [inboxKey(organisationId), figuresKey(organisationId)],
  );
}

export type LiveState = 'connecting' | 'live' | 'offline';

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * Listens to the inbox's stream while the screen is open: each `entry` (created, a step, a new
 * photo or vote) refetches the lists and the figures, and so does each `ready` (subscribed, at
 * first and after a reconnection: what happened meanwhile was not heard). The browser's
 * EventSource retries a dropped connection by itself; a refused one (a 403, the session gone) is
 * tried again later.
 */
export function useInboxStream(organisationId: string): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_MIN_MS;
    let closed = false;
    const refresh = () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: inboxKey(organisationId) }), queryClient.invalidateQueries({ queryKey: figuresKey(organisationId) })]);
    const connect = () => {
      source?.close();
      const es = new EventSource(`${organisationPath(organisationId)}/inbox/stream`);
      es.onopen = () => {
        retryMs = RETRY_MIN_MS;
        setState('live');
      };
      // Subscribed: what came between the list's fetch (or a lost connection) and now is fetched.
      es.addEventListener('ready', () => void refresh());
      es.addEventListener('entry', () => void refresh());
      es.onerror = () => {
        if (closed) return;
        setState('offline');
        if (es.readyState === EventSource.CLOSED) {
          retryTimer = setTimeout(connect, retryMs);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        }
      };
      source = es;
    };
    setState('connecting');
    connect();
    return () => {
      closed = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [organisationId, queryClient]);
  return state;
}

interface ContactWithOrganisation {
  name: Organisation['name'];
  organisationId?: string | null;
  inbox?: boolean;
}

/**
 * The organisations a report may be handed to: those with an inbox that serve its place (GET
 * /Contacts, which anyone may read), and, for an admin, every other one with an inbox they list.
 */
export function useHandOverTargets(point: { latitude: number; longitude: number }, organisationId: string, listed: Organisation[]): Array<Pick<Organisation, 'id' | 'name'>> {
  const contacts = useQuery({
    queryKey: ['staff', 'hand-over', point.latitude, point.longitude],
    queryFn: async () =>
      (await api<{ data: ContactWithOrganisation[] }>(`/Contacts?${new URLSearchParams({ latitude: String(point.latitude), longitude: String(point.longitude) }).toString()}`)).data,
    staleTime: 5 * 60_000,
  });
  const targets = new Map<string, Pick<Organisation, 'id' | 'name'>>();
  for (const o of listed) if (o.inbox && o.id !== organisationId) targets.set(o.id, o);
  for (const c of contacts.data ?? []) if (c.organisationId && c.inbox && c.organisationId !== organisationId) targets.set(c.organisationId, { id: c.organisationId, name: c.name });
  return [...targets.values()];
}
