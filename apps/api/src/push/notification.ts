/**
 * The text of a push notification, in its subscriber's language: one alert, or a summary of
 * several (coalesced); an official notice; or a followed report's official status (issue 33).
 */
import { animalByKey, animalName, formatDistance, isAnimalKey, LANGUAGES, type Language, type PushPayload } from '@wildalert/shared';
import { translate } from '../i18n/language.ts';
import type { NotifiedAlert, NotifiedNotice, NotifiedStatus } from '../repositories/push-repository.ts';

/** A comment's start, short enough for a notification (and the payload's ~4 KB). */
const COMMENT_CHARS = 120;

function commentStart(comments: string): string {
  const text = comments.replace(/\s+/g, ' ').trim();
  if (text === '') return '';
  const chars = [...text];
  return chars.length <= COMMENT_CHARS ? text : `${chars.slice(0, COMMENT_CHARS - 1).join('').trimEnd()}…`;
}

function describe(alert: NotifiedAlert, language: Language): string {
  const comment = commentStart(alert.comments);
  const where = translate(language, 'push.where', {
    animal: animalName(animalByKey(alert.animal), language),
    distance: formatDistance(alert.distanceMetres, language),
  });
  return comment === '' ? where : translate(language, 'push.comment', { where, comment });
}

const permalink = (alertId: string) => `/WildAlertApp/alerts/${alertId}`;

/** `alerts` newest first, at least one. */
export function notificationFor(alerts: readonly NotifiedAlert[], language: Language = 'pl'): PushPayload {
  const newest = alerts[0]!;
  const url = permalink(newest.id);
  const alertIds = alerts.map((a) => a.id);
  if (alerts.length === 1) {
    return { title: translate(language, 'push.title'), body: describe(newest, language), url, alertIds, lang: language };
  }
  const byAnimal = new Map<string, number>();
  for (const a of alerts) byAnimal.set(a.animal, (byAnimal.get(a.animal) ?? 0) + 1);
  const animals = [...byAnimal]
    .sort((a, b) => b[1] - a[1])
    .map(([animal, count]) => translate(language, `push.animal.${isAnimalKey(animal) ? animal : 'other'}`, { count }))
    .join(', ');
  return {
    title: translate(language, 'push.summary', { count: alerts.length, animals }),
    body: translate(language, 'push.newest', { text: describe(newest, language) }),
    url,
    alertIds,
    lang: language,
  };
}

/** A notice's text in `language`, else in the first language it was written in (Polish, English, Ukrainian). */
function noticeText(notice: NotifiedNotice, language: Language): string {
  return notice.text[language] ?? LANGUAGES.map((l) => notice.text[l]).find((t) => t !== undefined) ?? '';
}

/** `notices` newest first, at least one: the newest is told, the others counted in the title. */
export function noticeNotificationFor(notices: readonly NotifiedNotice[], language: Language = 'pl'): PushPayload & { noticeIds: string[] } {
  const newest = notices[0]!;
  const organisation = newest.organisation[language] ?? newest.organisation.pl;
  return {
    title:
      notices.length === 1
        ? translate(language, 'push.notice.title', { organisation })
        : translate(language, 'push.notice.summary', { count: notices.length, organisation }),
    body: noticeText(newest, language),
    // The map at the notice's place, where it is drawn.
    url: `/WildAlertApp/?lat=${newest.latitude.toFixed(5)}&lng=${newest.longitude.toFixed(5)}&z=14`,
    alertIds: [],
    noticeIds: notices.map((n) => n.id),
    lang: language,
  };
}

/** A followed report's latest official step, in `language`: "Straż Miejska: w drodze", the note after it. */
function statusLine({ status }: NotifiedStatus, language: Language): string {
  const step =
    status.status === 'resolved' && status.outcome
      ? translate(language, 'push.official.resolvedAs', { outcome: translate(language, `push.official.outcome.${status.outcome}`) })
      : translate(language, `push.official.status.${status.status}`);
  const line = translate(language, 'push.follow.status', { organisation: status.organisation[language] ?? status.organisation.pl, status: step });
  return status.note ? `${line} — ${commentStart(status.note)}` : line;
}

/** `statuses` the latest step first, at least one: the reporter's own report, told of by its official status. */
export function statusNotificationFor(statuses: readonly NotifiedStatus[], language: Language = 'pl'): PushPayload & { statusAlertIds: string[] } {
  const newest = statuses[0]!;
  return {
    title: translate(language, 'push.follow.title', { animal: animalName(animalByKey(newest.animal), language) }),
    body: statuses.map((s) => statusLine(s, language)).join('\n'),
    url: permalink(newest.alertId),
    alertIds: [],
    statusAlertIds: statuses.map((s) => s.alertId),
    lang: language,
  };
}
