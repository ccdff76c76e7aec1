/** Quiet hours: whether a moment falls within them in the subscriber's time zone, and when they end. */
import type { QuietHours } from '@wildalert/shared';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * When the quiet hours holding `at` end, or undefined when `at` is outside them. Hours may
 * span midnight (22:00–07:00); equal start and end mean none.
 */
export function quietUntil(quiet: QuietHours, at: Date): Date | undefined {
  const start = minutes(quiet.start);
  const end = minutes(quiet.end);
  const now = localMinutes(at, quiet.timeZone);
  const inside = start < end ? now >= start && now < end : start > end && (now >= start || now < end);
  if (!inside) return undefined;
  const left = (end - now + 24 * 60) % (24 * 60);
  const until = new Date(at.getTime() + left * 60_000);
  until.setUTCSeconds(0, 0);
  return until;
}
