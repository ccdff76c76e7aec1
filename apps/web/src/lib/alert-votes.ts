/**
 * "Is it still there?": a visitor's vote on an alert (POST /Alerts/{id}/votes), the vote this
 * device gave each alert (kept, so a reload still shows it), and the alerts' newest counts as
 * the answers and the live stream tell them: one store, read by every popup open on them.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { Alert, AlertResponse, Vote, VoteResponse } from '@wildalert/shared';
import { t } from '../i18n/i18n.ts';
import { api, ApiError, isOffline } from './api-client.ts';
import { inTime } from './format.ts';

export type Tally = Pick<Alert, 'stillThere' | 'gone' | 'lastSeenAt'>;

const tallies = new Map<string, Tally>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const changed = () => listeners.forEach((listener) => listener());

/** Newer counts of an alert (an answer to a vote, or the live stream's news of one). */
export function noteTally(id: string, { stillThere, gone, lastSeenAt }: Tally): void {
  const known = tallies.get(id);
  if (known && known.stillThere === stillThere && known.gone === gone && known.lastSeenAt === lastSeenAt) return;
  tallies.set(id, { stillThere, gone, lastSeenAt });
  changed();
}

/**
 * Asks for an alert's counts as they are now: what a popup shows may come from a map tile the
 * browser kept from before the latest votes (a reload just after voting). An answer overtaken
 * by newer news (a vote sent meanwhile, the live stream) is dropped.
 */
export async function refreshTally(id: string, signal: AbortSignal): Promise<void> {
  const before = tallies.get(id);
  const { data } = await api<AlertResponse>(`/Alerts/${encodeURIComponent(id)}`, { signal });
  if (tallies.get(id) === before) noteTally(id, data);
}

/** An alert's counts as last heard of, else as it came. */
export function useTally(alert: Alert): Tally {
  const get = useCallback(() => tallies.get(alert.id) ?? alert, [alert]);
  return useSyncExternalStore(subscribe, get, get);
}

const STORAGE_KEY = 'wildalert-votes';
/** Votes kept on the device: enough for every alert a visitor could vote on in a long while. */
const KEPT = 500;

function storedVotes(): Array<[string, Vote]> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((e): e is [string, Vote] => Array.isArray(e) && typeof e[0] === 'string' && (e[1] === 'still-there' || e[1] === 'gone'))
      : [];
  } catch {
    return [];
  }
}

let votes: Map<string, Vote> | undefined;
const myVotes = () => (votes ??= new Map(storedVotes()));

/** The vote this device gave an alert, if any. */
export function useMyVote(id: string): Vote | undefined {
  const get = useCallback(() => myVotes().get(id), [id]);
  return useSyncExternalStore(subscribe, get, get);
}

function rememberVote(id: string, vote: Vote): void {
  const all = myVotes();
  all.delete(id);
  all.set(id, vote);
  // The oldest go first.
  for (const old of all.keys()) {
    if (all.size <= KEPT) break;
    all.delete(old);
  }
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...all]));
  } catch {
    // Storage refused (private mode): the vote is remembered for this page.
  }
  changed();
}

/** Sends a vote; the answer's counts and the vote itself are kept for every view of the alert. */
export async function voteOnAlert(id: string, vote: Vote): Promise<VoteResponse['data']> {
  const { data } = await api<VoteResponse>(`/Alerts/${encodeURIComponent(id)}/votes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ vote }),
  });
  rememberVote(id, data.vote);
  noteTally(id, data);
  return data;
}

/** Why a vote failed, in the words of the screen that sent it (its messages under `prefix`). */
export function voteFailure(error: Error, prefix: 'votes' | 'duplicateHint.vote'): string {
  if (isOffline(error)) return t(`${prefix}.offline`);
  if (error instanceof ApiError && error.status === 404) return t(`${prefix}.notFound`);
  if (error instanceof ApiError && error.status === 429) {
    return error.retryAfterSeconds === undefined ? t(`${prefix}.tooMany`) : t(`${prefix}.tooManyWait`, { wait: inTime(error.retryAfterSeconds) });
  }
  return t(`${prefix}.failed`);
}
