/** The text of a push notification, in Polish: one alert, or a summary of several (coalesced). */
import { animalByKey, formatDistancePl, type PushPayload } from '@wildalert/shared';

export interface NotifiedAlert {
  id: string;
  animal: string;
  comments: string;
  /** From the subscribed point to the alert's published point (a sensitive species' cell). */
  distanceMetres: number;
}

/** Polish plural forms (one, few, many) of each animal, as a count of them reads: "2 dziki". */
const PLURALS: Record<string, readonly [string, string, string]> = {
  boar: ['dzik', 'dziki', 'dzików'],
  fox: ['lis', 'lisy', 'lisów'],
  'roe-deer': ['sarna', 'sarny', 'saren'],
  hare: ['zając', 'zające', 'zajęcy'],
  marten: ['kuna', 'kuny', 'kun'],
  badger: ['borsuk', 'borsuki', 'borsuków'],
  beaver: ['bóbr', 'bobry', 'bobrów'],
  hedgehog: ['jeż', 'jeże', 'jeży'],
  'red-deer': ['jeleń', 'jelenie', 'jeleni'],
  moose: ['łoś', 'łosie', 'łosi'],
  wolf: ['wilk', 'wilki', 'wilków'],
  lynx: ['ryś', 'rysie', 'rysiów'],
  bear: ['niedźwiedź', 'niedźwiedzie', 'niedźwiedzi'],
  other: ['inne zwierzę', 'inne zwierzęta', 'innych zwierząt'],
};
const REPORTS = ['nowe zgłoszenie', 'nowe zgłoszenia', 'nowych zgłoszeń'] as const;

const pluralRules = new Intl.PluralRules('pl');

function counted(n: number, [one, few, many]: readonly [string, string, string]): string {
  const category = pluralRules.select(n);
  return `${n} ${category === 'one' ? one : category === 'few' ? few : many}`;
}

/** A comment's start, short enough for a notification (and the payload's ~4 KB). */
const COMMENT_CHARS = 120;

function commentStart(comments: string): string {
  const text = comments.replace(/\s+/g, ' ').trim();
  if (text === '') return '';
  const chars = [...text];
  return chars.length <= COMMENT_CHARS ? text : `${chars.slice(0, COMMENT_CHARS - 1).join('').trimEnd()}…`;
}

function describe(alert: NotifiedAlert): string {
  const comment = commentStart(alert.comments);
  const where = `${animalByKey(alert.animal).namePl}, ${formatDistancePl(alert.distanceMetres)} od Twojego miejsca`;
  return comment === '' ? where : `${where}: „${comment}”`;
}

const permalink = (alertId: string) => `/WildAlertApp/alerts/${alertId}`;

/** `alerts` newest first, at least one. */
export function notificationFor(alerts: readonly NotifiedAlert[]): PushPayload {
  const newest = alerts[0]!;
  const url = permalink(newest.id);
  const alertIds = alerts.map((a) => a.id);
  if (alerts.length === 1) {
    return { title: 'Nowe zgłoszenie w pobliżu', body: describe(newest), url, alertIds };
  }
  const byAnimal = new Map<string, number>();
  for (const a of alerts) byAnimal.set(a.animal, (byAnimal.get(a.animal) ?? 0) + 1);
  const animals = [...byAnimal]
    .sort((a, b) => b[1] - a[1])
    .map(([animal, n]) => counted(n, PLURALS[animal] ?? PLURALS.other!))
    .join(', ');
  return { title: `${counted(alerts.length, REPORTS)}: ${animals}`, body: `Najnowsze: ${describe(newest)}`, url, alertIds };
}
