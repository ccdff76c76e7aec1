/** An organisation's latest step on an alert as one line of text, for the Atom feed and the spreadsheet download. */
import type { Language, OfficialStatus } from '@wildalert/shared';
import { translate } from './language.ts';

/** A code as a message's select keyword: ICU keywords hold no hyphen (`on-the-way` is `onTheWay`). */
const selector = (code: string) => code.replace(/-(.)/g, (_, c: string) => c.toUpperCase());

/** "Kraków City Guard: on the way · 14:05" (the time on the server's clocks), and the public note on a line of its own. */
export function officialStatusLine(status: NonNullable<OfficialStatus>, language: Language, timeZone: string): string {
  const time = new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(status.at));
  const line = translate(language, 'feed.status', {
    organisation: status.organisation[language] ?? status.organisation.pl,
    status: selector(status.status),
    outcome: status.outcome === null ? 'none' : translate(language, 'feed.outcome', { outcome: selector(status.outcome) }),
    time,
  });
  return status.note ? `${line}\n${status.note}` : line;
}
