/** The notices in force, at the top of the list view: the same words as the map's banner, all of them. */
import { language, t } from '../../../i18n/i18n.ts';
import { noticeText, useNoticesInForce } from '../hooks/notices-in-force.ts';
import { noticeByline } from './notices-banner.tsx';
import { NoticesStyle } from './notices-style.tsx';

export function NoticesList() {
  const { notices, now } = useNoticesInForce();
  if (notices.length === 0) return null;
  return (
    <section className="wa-notices-list" aria-labelledby="wa-notices-title" data-testid="notices-list">
      <NoticesStyle />
      <h3 id="wa-notices-title">{t('notices.listTitle', { count: notices.length })}</h3>
      <ul>
        {notices.map((notice) => (
          <li key={notice.id}>
            <p className="wa-notice-text">{noticeText(notice, language())}</p>
            <p className="wa-notice-byline">{noticeByline(notice, now)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
