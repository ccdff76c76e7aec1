/**
 * "Obserwuj zgłoszenie" under the reporter's own alert (issue 33): this browser's push
 * subscription (lib/push-support.ts, the one area alerts use) is told of each official step on
 * the alert; "Przestań obserwować" ends it. Only the device that sent the report offers it: the
 * server asks for the report's Alert-Key (lib/my-reports.ts). Nothing says "following" before
 * the server took it, and the device remembers it across reloads.
 */
import './follow-report.css';
import { useEffect, useState } from 'react';
import { language, t, type MessageKey } from '../i18n/i18n.ts';
import { api, ApiError } from '../lib/api-client.ts';
import { myReport, setFollowed } from '../lib/my-reports.ts';
import { currentPushSubscription, NoServiceWorker, PermissionError, pushSupport, subscribePush, vapidPublicKey, type PushSupport } from '../lib/push-support.ts';

export interface FollowReportProps {
  alertId: string;
}

const followUrl = (alertId: string) => `/Alerts/${encodeURIComponent(alertId)}/follow`;
const json = { 'content-type': 'application/json' };

/** Follows `alertId` with this browser's push subscription (asking for permission, a tap being needed): its endpoint. */
async function follow(alertId: string, alertKey: string): Promise<string> {
  const subscription = await subscribePush(await vapidPublicKey());
  const { endpoint, keys } = subscription.toJSON();
  // Notifications come in the language the app is in now.
  await api<undefined>(followUrl(alertId), { method: 'POST', headers: { ...json, 'alert-key': alertKey }, body: JSON.stringify({ endpoint, keys, language: language() }) });
  return subscription.endpoint;
}

/** Stops following `alertId`; the proof is the subscription's endpoint and auth secret. */
async function unfollow(alertId: string): Promise<void> {
  const subscription = await currentPushSubscription();
  // No subscription any more: nothing can reach this device, nothing to undo.
  if (!subscription) return;
  try {
    await api<undefined>(followUrl(alertId), {
      method: 'DELETE',
      headers: json,
      body: JSON.stringify({ endpoint: subscription.endpoint, auth: subscription.toJSON().keys?.auth ?? '' }),
    });
  } catch (error) {
    // Not followed by this device (any more): what the visitor asked for.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/** Why following did not start, in the visitor's words; the control then says "not followed". */
export function followFailure(error: unknown): MessageKey {
  if (error instanceof PermissionError) return 'follow.dismissed';
  if (!(error instanceof ApiError)) return 'follow.unavailable.unsupported';
  if (error.kind === 'network') return 'follow.offline';
  if (error.status === 429) return 'follow.tooMany';
  // The alert is gone (a moderator hid it), or the server no longer knows its key.
  if (error.status === 404 || error.status === 403) return 'follow.gone';
  const endpoint = error.fieldErrors.endpoint?.[0]?.code;
  if (endpoint === 'not_push_service' || endpoint === 'not_public_address') return 'follow.unsupportedService';
  return 'follow.serverFailed';
}

/** Why stopping failed: the device still follows. */
export function unfollowFailure(error: unknown): MessageKey {
  return error instanceof ApiError && error.kind === 'network' ? 'follow.stopOffline' : 'follow.stopFailed';
}

type Busy = 'following' | 'stopping' | null;

export function FollowReport({ alertId }: FollowReportProps) {
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [following, setFollowing] = useState(() => myReport(alertId)?.followedWith !== undefined);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<{ key: MessageKey; failed: boolean } | null>(null);

  // Remembered as followed: still so only while this browser keeps that subscription (removing
  // area alerts, or the browser, may have ended it).
  useEffect(() => {
    const endpoint = myReport(alertId)?.followedWith;
    if (endpoint === undefined || pushSupport() !== 'ok') return;
    let live = true;
    void currentPushSubscription().then(
      (subscription) => {
        if (!live || subscription?.endpoint === endpoint) return;
        setFollowed(alertId, undefined);
        setFollowing(false);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [alertId]);

  const report = myReport(alertId);
  if (!report) return null;

  const start = async () => {
    setBusy('following');
    setMessage(null);
    try {
      setFollowed(alertId, await follow(alertId, report.key));
      setFollowing(true);
    } catch (error) {
      const now = pushSupport();
      // Refused for good just now, or no service worker to subscribe with (a dev server): said in place of the button.
      if (now !== 'ok') setSupport(now);
      else if (error instanceof NoServiceWorker) setSupport('unsupported');
      else setMessage({ key: followFailure(error), failed: true });
    } finally {
      setBusy(null);
    }
  };
  const stop = async () => {
    setBusy('stopping');
    setMessage(null);
    try {
      await unfollow(alertId);
      setFollowed(alertId, undefined);
      setFollowing(false);
      setMessage({ key: 'follow.stopped', failed: false });
    } catch (error) {
      setMessage({ key: unfollowFailure(error), failed: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="wa-follow" aria-label={t('follow.follow')} data-testid="follow-report">
      {following ? (
        <>
          <p className="wa-follow-on">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6V11c0-3.07-1.64-5.64-4.5-6.32V4a1.5 1.5 0 0 0-3 0v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z" />
            </svg>
            {t('follow.following')}
          </p>
          <button type="button" className="wa-follow-button wa-follow-stop" onClick={() => void stop()} disabled={busy !== null}>
            {busy === 'stopping' ? t('follow.stopping') : t('follow.stop')}
          </button>
        </>
      ) : support !== 'ok' ? (
        <p className="wa-follow-unavailable">{t(`follow.unavailable.${support}`)}</p>
      ) : (
        <>
          <button type="button" className="wa-follow-button" onClick={() => void start()} disabled={busy !== null} aria-describedby={`wa-follow-hint-${alertId}`}>
            {busy === 'following' ? t('follow.starting') : t('follow.follow')}
          </button>
          <p className="wa-follow-hint" id={`wa-follow-hint-${alertId}`}>
            {t('follow.hint')}
          </p>
        </>
      )}
      <p className={message?.failed ? 'wa-follow-message wa-follow-failed' : 'wa-follow-message'} role="status">
        {message ? t(message.key) : ''}
      </p>
    </section>
  );
}
