/**
 * The notices in force over the map, under its top edge: a chip each ("Odłów dzików w Lasku
 * Wolskim do 18:00 — omijaj teren"), which opens to the whole notice with who posted it and until
 * when. A tap on a notice's shaded area opens the same card.
 */
import { useId } from 'react';
import type { Notice } from '@wildalert/shared';
import { language, t } from '../../../i18n/i18n.ts';
import { clockTime } from '../../../lib/format.ts';
import { noticeLanguage, noticeText, openNotice, useNoticesInForce, useOpenedNotice } from '../hooks/notices-in-force.ts';
import { NoticesStyle } from './notices-style.tsx';

/** Chips shown at once; more would cover the map. The list shows them all. */
const CHIPS = 2;

const MEGAPHONE = 'M18 11v2h4v-2h-4zm-2 6.61c.96.71 2.21 1.65 3.2 2.39.4-.53.8-1.07 1.2-1.6-.99-.74-2.24-1.68-3.2-2.4-.4.54-.8 1.08-1.2 1.61zM20.4 5.6c-.4-.53-.8-1.07-1.2-1.6-.99.74-2.24 1.68-3.2 2.4.4.53.8 1.07 1.2 1.6.96-.72 2.21-1.65 3.2-2.4zM4 9c-1.1 0-2 .9-2 2v2c0 1.1.9 2 2 2h1v4h2v-4h1l5 3V6L8 9H4zm11.5 3c0-1.33-.58-2.53-1.5-3.35v6.69c.92-.81 1.5-2.01 1.5-3.34z';

function Icon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={MEGAPHONE} />
    </svg>
  );
}

/** "Straż Miejska · do 18:00". */
export function noticeByline(notice: Notice, now: number): string {
  const lang = language();
  const organisation = notice.organisation.name[lang] ?? notice.organisation.name.pl;
  return `${organisation} · ${t('notices.until', { time: clockTime(Date.parse(notice.endsAt), now) })}`;
}

function NoticeCard({ notice, now }: { notice: Notice; now: number }) {
  const titleId = useId();
  return (
    <section className="wa-notice-card" aria-labelledby={titleId} data-testid="notice-card">
      <h2 id={titleId}>
        <Icon />
        {t('notices.title')}
      </h2>
      <p className="wa-notice-text" lang={noticeLanguage(notice, language())}>
        {noticeText(notice, language())}
      </p>
      <p className="wa-notice-byline">{noticeByline(notice, now)}</p>
      <button type="button" className="wa-notice-close" onClick={() => openNotice(null)}>
        {t('notices.close')}
      </button>
    </section>
  );
}

export function NoticesBanner() {
  const { notices, now } = useNoticesInForce();
  const opened = useOpenedNotice();
  if (notices.length === 0) return null;
  const open = notices.find((n) => n.id === opened);
  return (
    <div className="wa-notices" data-map-control data-testid="notices-banner">
      <NoticesStyle />
      {open ? (
        <NoticeCard notice={open} now={now} />
      ) : (
        notices.slice(0, CHIPS).map((notice) => (
          <button key={notice.id} type="button" className="wa-notice-chip" aria-expanded={false} onClick={() => openNotice(notice.id)}>
            <Icon />
            <span lang={noticeLanguage(notice, language())}>{noticeText(notice, language())}</span>
          </button>
        ))
      )}
    </div>
  );
}
