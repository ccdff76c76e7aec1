/**
 * GET /Alerts/stream: new, changed (photos, votes) and removed alerts around a point, live (Server-Sent Events), and
 * the hook that keeps them for the map. The browser's EventSource reconnects by itself and
 * sends Last-Event-ID; when it gives up (an error answer) the hook opens a new one, resuming
 * from the last event seen, so nothing is missed or shown twice.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Alert } from '@wildalert/shared';
import { noteTally } from '../../../lib/alert-votes.ts';
import { ALERTS_RADIUS_KM, type AlertsArea } from './get-alerts.ts';
import { refreshTiles } from './get-tiles.ts';

/** How long a new alert's marker stands out. */
const FRESH_MS = 8000;
const RETRY_MIN_MS = 2000;
const RETRY_MAX_MS = 30_000;

type LiveStatus = 'connecting' | 'live' | 'offline';

export interface LiveAlerts {
  /** Alerts added since the map opened, newest first. */
  added: readonly Alert[];
  /** Alerts hidden by moderation since the map opened. */
  removed: ReadonlySet<string>;
  /** Alerts whose content changed since the map opened (a photo added or hidden, a vote), as they are now. */
  changed: ReadonlyMap<string, Alert>;
  /** Alerts that arrived in the last few seconds, to highlight. */
  fresh: ReadonlySet<string>;
  /** The newest alert that arrived, for a screen-reader announcement. */
  latest: Alert | undefined;
  status: LiveStatus;
}

function streamUrl(area: AlertsArea, lastEventId: string | undefined): string {
  const query = new URLSearchParams({
    Latitude: area.latitude.toFixed(6),
    Longitude: area.longitude.toFixed(6),
    Radius: String(ALERTS_RADIUS_KM),
  });
  if (lastEventId) query.set('lastEventId', lastEventId);
  return `/Alerts/stream?${query}`;
}

export function useLiveAlerts(area: AlertsArea): LiveAlerts {
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<readonly Alert[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const [changed, setChanged] = useState<ReadonlyMap<string, Alert>>(() => new Map());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const [latest, setLatest] = useState<Alert>();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // Survives area changes: the next subscription resumes where this one stopped.
  const lastEventId = useRef<string | undefined>(undefined);

  useEffect(() => {
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_MIN_MS;
    const freshTimers = new Set<ReturnType<typeof setTimeout>>();
    let closed = false;

    const remember = (event: MessageEvent) => {
      if (event.lastEventId) lastEventId.current = event.lastEventId;
    };
    const onReady = (event: MessageEvent) => {
      remember(event);
      retryMs = RETRY_MIN_MS;
      setStatus('live');
    };
    const onAlert = (event: MessageEvent) => {
      remember(event);
      const alert = JSON.parse(event.data as string) as Alert;
      setAdded((list) => [alert, ...list.filter((a) => a.id !== alert.id)]);
      setRemoved((ids) => without(ids, alert.id));
      setFresh((ids) => new Set(ids).add(alert.id));
      setLatest(alert);
      const timer = setTimeout(() => {
        freshTimers.delete(timer);
        setFresh((ids) => without(ids, alert.id));
      }, FRESH_MS);
      freshTimers.add(timer);
    };
    const onChanged = (event: MessageEvent) => {
      remember(event);
      const alert = JSON.parse(event.data as string) as Alert;
      setChanged((all) => new Map(all).set(alert.id, alert));
      // Its votes, for an open popup: its counts change in place.
      noteTally(alert.id, alert);
      setAdded((list) => (list.some((a) => a.id === alert.id) ? list.map((a) => (a.id === alert.id ? alert : a)) : list));
    };
    const onRemoved = (event: MessageEvent) => {
      remember(event);
      const { id } = JSON.parse(event.data as string) as { id: string };
      setAdded((list) => list.filter((a) => a.id !== id));
      setRemoved((ids) => new Set(ids).add(id));
    };
    const onReset = (event: MessageEvent) => {
      // More was missed than the server can replay: load the area again.
      onReady(event);
      setAdded([]);
      setChanged(new Map());
      void queryClient.invalidateQueries({ queryKey: ['alerts'] });
      void refreshTiles(queryClient);
    };

    const connect = () => {
      clearTimeout(retryTimer);
      source?.close();
      const es = new EventSource(streamUrl(area, lastEventId.current));
      es.addEventListener('ready', onReady);
      es.addEventListener('alert', onAlert);
      es.addEventListener('changed', onChanged);
      es.addEventListener('removed', onRemoved);
      es.addEventListener('reset', onReset);
      es.onerror = () => {
        if (closed) return;
        setStatus('offline');
        // CONNECTING: the browser retries by itself. CLOSED: it gave up; try again later.
        if (es.readyState === EventSource.CLOSED) {
          retryTimer = setTimeout(connect, retryMs);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        }
      };
      source = es;
    };
    const reconnectNow = () => {
      retryMs = RETRY_MIN_MS;
      connect();
    };
    // The browser knows before the connection does (an open stream can hang on a dead
    // network): say so at once, and resume as soon as the network is back.
    const wentOffline = () => {
      clearTimeout(retryTimer);
      source?.close();
      setStatus('offline');
    };

    connect();
    window.addEventListener('online', reconnectNow);
    window.addEventListener('offline', wentOffline);
    return () => {
      closed = true;
      window.removeEventListener('online', reconnectNow);
      window.removeEventListener('offline', wentOffline);
      clearTimeout(retryTimer);
      freshTimers.forEach(clearTimeout);
      setFresh(new Set());
      source?.close();
    };
  }, [area, queryClient]);

  return { added, removed, changed, fresh, latest, status };
}

function without(ids: ReadonlySet<string>, id: string): ReadonlySet<string> {
  if (!ids.has(id)) return ids;
  const next = new Set(ids);
  next.delete(id);
  return next;
}
