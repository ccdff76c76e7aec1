/**
 * The mails of e-mail area alerts, in the subscriber's language, as plain text: the confirmation
 * (double opt-in), and a digest that groups its alerts by place and animal. Every mail carries the
 * one-click unsubscribe of RFC 8058: a List-Unsubscribe https URL the mail client POSTs to, and
 * List-Unsubscribe-Post. (The relay's DKIM signature must cover both headers for the clients to
 * offer it: RFC 8058 §3.)
 */
import { BASE_PATH, formatDistance, isAnimalKey, type Language } from '@wildalert/shared';
import { translate } from '../i18n/language.ts';
import type { MailedAlert, MailedSubscription } from '../repositories/email-repository.ts';

export interface MailContent {
  subject: string;
  text: string;
  /** The same as HTML, beside the text (multipart/alternative). */
  html?: string;
  headers: Record<string, string>;
}

/**
 * Alerts closer than this (about 250 m, on each axis) at the same animal are one group: "3 wild
 * boars, 1.2 km from your place", with one map link.
 */
const GROUP_CELL_DEGREES = 0.0025;
/** A comment's start, enough to recognise it in a list. */
const COMMENT_CHARS = 200;

const coordinates = (latitude: number, longitude: number) => `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;

function commentStart(comments: string): string {
  const text = comments.replace(/\s+/g, ' ').trim();
  const chars = [...text];
  return chars.length <= COMMENT_CHARS ? text : `${chars.slice(0, COMMENT_CHARS - 1).join('').trimEnd()}…`;
}

/** The links a mail of `subscription` carries, from the site's public origin; the pages open in the mail's language. */
function links(publicUrl: string, subscription: Pick<MailedSubscription, 'unsubscribeToken' | 'language'>) {
  const base = publicUrl.replace(/\/+$/, '');
  const token = encodeURIComponent(subscription.unsubscribeToken);
  const lang = `lang=${subscription.language}`;
  return {
    /** The web page with its button (a person reading the mail). */
    unsubscribePage: `${base}${BASE_PATH}email/unsubscribe?token=${token}&${lang}`,
    /** What a mail client POSTs to (List-Unsubscribe). */
    unsubscribeOneClick: `${base}/EmailSubscriptions/unsubscribe?token=${token}`,
    confirmPage: (confirmToken: string) => `${base}${BASE_PATH}email/confirm?token=${encodeURIComponent(confirmToken)}&${lang}`,
    alert: (id: string) => `${base}${BASE_PATH}alerts/${id}?${lang}`,
    map: (latitude: number, longitude: number) => `${base}${BASE_PATH}?lat=${latitude.toFixed(5)}&lng=${longitude.toFixed(5)}&z=16&${lang}`,
  };
}

function common(publicUrl: string, subscription: MailedSubscription, body: string): Pick<MailContent, 'text' | 'headers'> {
  const link = links(publicUrl, subscription);
  const frequency = translate(subscription.language, 'email.frequency', { frequency: subscription.frequency });
  return {
    text: `${body}\n\n-- \n${translate(subscription.language, 'email.footer', { frequency, link: link.unsubscribePage })}\n`,
    headers: {
      'List-Unsubscribe': `<${link.unsubscribeOneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // An automatic mail (RFC 3834): no vacation auto-replies to it.
      'Auto-Submitted': 'auto-generated',
      'Content-Language': subscription.language,
    },
  };
}

const radiusText = (subscription: MailedSubscription) => formatDistance(subscription.radiusKm * 1000, subscription.language);

export function confirmationMail(publicUrl: string, subscription: MailedSubscription, token: string, expiresAt: Date, timeZone: string): MailContent {
  const { language } = subscription;
  const until = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(expiresAt);
  const body = translate(language, 'email.confirm.body', {
    radius: radiusText(subscription),
    place: coordinates(subscription.latitude, subscription.longitude),
    frequency: translate(language, 'email.frequency', { frequency: subscription.frequency }),
    link: links(publicUrl, subscription).confirmPage(token),
    until,
  });
  return { subject: translate(language, 'email.confirm.subject'), ...common(publicUrl, subscription, body) };
}

/** "2 wild boars, 1 fox", the commonest first. */
function animalCounts(alerts: readonly MailedAlert[], language: Language): string {
  const byAnimal = new Map<string, number>();
  for (const a of alerts) byAnimal.set(a.animal, (byAnimal.get(a.animal) ?? 0) + 1);
  return [...byAnimal]
    .sort((a, b) => b[1] - a[1])
    .map(([animal, count]) => translate(language, `push.animal.${isAnimalKey(animal) ? animal : 'other'}`, { count }))
    .join(', ');
}

const nearestOf = (group: readonly MailedAlert[]) => group.reduce((a, b) => (b.distanceMetres < a.distanceMetres ? b : a));

/** The alerts in groups of one animal at one place, the nearest group first; each group newest first. */
function groupByPlaceAndAnimal(alerts: readonly MailedAlert[]): MailedAlert[][] {
  const groups = new Map<string, MailedAlert[]>();
  for (const alert of alerts) {
    const key = `${alert.animal}/${Math.round(alert.latitude / GROUP_CELL_DEGREES)}/${Math.round(alert.longitude / GROUP_CELL_DEGREES)}`;
    groups.set(key, [...(groups.get(key) ?? []), alert]);
  }
  return [...groups.values()]
    .map((g) => g.sort((a, b) => b.createdAt.localeCompare(a.createdAt)))
    .sort((a, b) => nearestOf(a).distanceMetres - nearestOf(b).distanceMetres);
}

/** `alerts` newest first, at least one; `more` alerts left out of the list. */
export function digestMail(publicUrl: string, subscription: MailedSubscription, alerts: readonly MailedAlert[], more: number, timeZone: string): MailContent {
  const { language } = subscription;
  const link = links(publicUrl, subscription);
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone });
  const sections = groupByPlaceAndAnimal(alerts).map((group) => {
    const nearest = nearestOf(group);
    const heading = translate(language, 'email.digest.group', {
      animals: animalCounts(group, language),
      distance: formatDistance(nearest.distanceMetres, language),
    });
    const lines = group.map((a) => {
      const comment = commentStart(a.comments);
      return `  - ${time.format(new Date(a.createdAt))}: ${comment === '' ? translate(language, 'email.digest.noComment') : comment}\n    ${link.alert(a.id)}`;
    });
    return [heading, translate(language, 'email.digest.map', { link: link.map(nearest.latitude, nearest.longitude) }), ...lines].join('\n');
  });
  const intro = translate(language, 'email.digest.intro', {
    radius: radiusText(subscription),
    place: coordinates(subscription.latitude, subscription.longitude),
  });
  const tail = more > 0 ? `\n\n${translate(language, 'email.digest.more', { count: more })}\n${link.map(subscription.latitude, subscription.longitude)}` : '';
  const body = `${intro}\n\n${sections.join('\n\n')}${tail}`;
  const subject = translate(language, 'email.digest.subject', { count: alerts.length + more, animals: animalCounts(alerts, language) });
  return { subject, ...common(publicUrl, subscription, body) };
}
