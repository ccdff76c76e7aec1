/** The text of a push notification, in its subscriber's language: one alert, or a summary of several (coalesced). */
import { animalByKey, animalName, formatDistance, isAnimalKey, type Language, type PushPayload } from '@wildalert/shared';
import { translate } from '../i18n/language.ts';
import type { NotifiedAlert } from '../repositories/push-repository.ts';

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
