/**
 * The moderator's API calls (Authorization: Bearer <ADMIN_TOKEN>), their queries and mutations,
 * and the token itself, kept in sessionStorage: gone when the tab closes.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert } from '@wildalert/shared';
import { api, ApiError } from '../../../lib/api-client.ts';

const TOKEN_KEY = 'wildalert.moderator-token';

export function storedToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  try {
    if (token === null) sessionStorage.removeItem(TOKEN_KEY);
    else sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage refused (a private window): the token lasts as long as the screen.
  }
}

export interface ModeratedAlert {
  alert: Alert;
  hidden: boolean;
  hiddenBy: 'moderator' | 'reports' | null;
  hiddenAt: string | null;
  reports: Array<{ reason: string; reportedAt: string }>;
}

interface ModeratedList {
  data: ModeratedAlert[];
  truncated: boolean;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** GET /moderation/reports: also how a token is checked (401 wrong, 403 moderation off). */
export const getReported = (token: string) => api<ModeratedList>('/moderation/reports', { headers: auth(token), cache: 'no-store' });
const getHidden = (token: string) => api<ModeratedList>('/moderation/hidden', { headers: auth(token), cache: 'no-store' });

export function useModerationLists(token: string) {
  const reported = useQuery({ queryKey: ['moderation', 'reported', token], queryFn: () => getReported(token), retry: false });
  const hidden = useQuery({ queryKey: ['moderation', 'hidden', token], queryFn: () => getHidden(token), retry: false });
  return { reported, hidden };
}

export type Decision =
  | { kind: 'hide'; alertId: string }
  | { kind: 'restore'; alertId: string }
  | { kind: 'hide-photo'; alertId: string; photoId: string };

/** Sends a decision; every one lands in the server's moderation log. */
async function decide(token: string, d: Decision): Promise<void> {
  const id = encodeURIComponent(d.alertId);
  const request =
    d.kind === 'hide'
      ? fetch(`/Alerts/${id}`, { method: 'DELETE', headers: auth(token) })
      : d.kind === 'restore'
        ? fetch(`/moderation/alerts/${id}/restore`, { method: 'POST', headers: auth(token) })
        : fetch(`/Alerts/${id}/photos/${encodeURIComponent(d.photoId)}`, { method: 'DELETE', headers: auth(token) });
  const response = await request.catch(() => {
    throw new ApiError('network', 0);
  });
  if (!response.ok) throw new ApiError('http', response.status);
}

export function useDecision(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) => decide(token, d),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  });
}

/**
 * A photo's copy as the moderator sees it (GET /moderation/photos/{key}, with the token): an
 * object URL, let go when the photo leaves the screen. Public addresses of a hidden alert's photos answer 404.
 */
export function useModeratorPhoto(token: string, publicUrl: string): { url: string | undefined; failed: boolean } {
  const key = publicUrl.split('/').at(-1) ?? '';
  const blob = useQuery({
    queryKey: ['moderator-photo', key],
    queryFn: async () => {
      const response = await fetch(`/moderation/photos/${encodeURIComponent(key)}`, { headers: auth(token) });
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
