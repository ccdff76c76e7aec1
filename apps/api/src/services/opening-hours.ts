/** An organisation's hours (issue 33): whether a moment falls within them, in the server's TIME_ZONE. */
import type { Organisation } from '@wildalert/shared';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The ISO weekday (Monday 1) and the minutes since midnight of `at` on the clocks of `timeZone`. */
function localTime(at: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: WEEKDAYS.indexOf(get('weekday')) + 1, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

/**
 * Whether `at` falls within `hours` (null: always). A span from later to earlier (22:00–06:00)
 * runs past midnight: its early hours belong to the day before, so "Friday 22:00–06:00" holds
 * Saturday 05:00 and not Friday 05:00. From and to equal: none.
 */
export function isOpen(hours: Organisation['hours'], timeZone: string, at: Date): boolean {
  if (hours === null) return true;
  const { day, minute } = localTime(at, timeZone);
  const dayBefore = day === 1 ? 7 : day - 1;
  return hours.some(({ days, from, to }) => {
    const start = minutes(from);
    const end = minutes(to);
    if (start < end) return days.includes(day) && minute >= start && minute < end;
    if (start > end) return (days.includes(day) && minute >= start) || (days.includes(dayBefore) && minute < end);
    return false;
  });
}
