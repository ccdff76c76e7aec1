/** The inbox in words: which steps a report may take next, and the response figures as one line. */
import type { InboxStatus, StatusChangeBody } from '@wildalert/shared';
import { INBOX_STATUSES } from '@wildalert/shared';
import { language, t } from '../../../i18n/i18n.ts';
import type { ResponseFigures } from '../api/inbox.ts';

/** The steps still open from a status, in order: a step may be skipped, never undone. */
export function nextSteps(status: InboxStatus): Array<StatusChangeBody['status']> {
  return INBOX_STATUSES.slice(INBOX_STATUSES.indexOf(status) + 1) as Array<StatusChangeBody['status']>;
}

const unit = (lang: string, u: 'second' | 'minute' | 'hour' | 'day', n: number) => new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);

/** "45 s", "12 min", "1 h 20 min", "2 d 3 h" (in the visitor's language): a median wait, to the unit that matters. */
export function durationText(seconds: number, lang: string = language()): string {
  const s = Math.round(seconds);
  if (s < 60) return unit(lang, 'second', s);
  const minutes = Math.round(s / 60);
  if (minutes < 60) return unit(lang, 'minute', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? unit(lang, 'hour', hours) : `${unit(lang, 'hour', hours)} ${unit(lang, 'minute', minutes % 60)}`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? unit(lang, 'day', days) : `${unit(lang, 'day', days)} ${unit(lang, 'hour', hours % 24)}`;
}

/** "Last 30 days: 12 reports · acknowledged in 4 min (median) · resolved in 1 h 20 min (median) · 83% resolved". */
export function figuresLine(figures: ResponseFigures): string {
  if (figures.entries === 0) return t('staff.inbox.figures.none');
  const lang = language();
  const parts = [
    t('staff.inbox.figures.entries', { count: figures.entries }),
    t('staff.inbox.figures.acknowledged', { time: figures.acknowledgedMedianSeconds === null ? '—' : durationText(figures.acknowledgedMedianSeconds, lang) }),
    t('staff.inbox.figures.resolved', { time: figures.resolvedMedianSeconds === null ? '—' : durationText(figures.resolvedMedianSeconds, lang) }),
    t('staff.inbox.figures.share', {
      share: figures.resolvedShare === null ? '—' : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(figures.resolvedShare),
    }),
  ];
  return `${t('staff.inbox.figures.title')} ${parts.join(' · ')}`;
}
