/**
 * The frame of every page: the elevated header bar with the logo, the current screen below.
 * Plain elements and CSS, not MUI: the map route's first load stays small (MUI arrives with
 * the screens that use it).
 */
import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from '../components/language-switcher.tsx';
import { Logo } from '../components/logo.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { paths } from '../config/paths.ts';
import { t, useLanguage } from '../i18n/i18n.ts';
import { useAfterFirstPaint } from '../lib/later.ts';
import { useHasMyReports } from '../lib/my-reports-store.ts';

/** Alerts waiting for a connection: loaded once the page has loaded and the browser is idle, shown only when there are any. */
const OutboxPanel = lazy(() =>
  // Not loadable (offline without the service worker): the screen works without it.
  import('../features/offline-queue/components/outbox-panel.tsx').catch(() => ({ default: () => null })),
);

/**
 * The bar at the top. index.html holds the same markup as the page's first paint, before any
 * script has run (frame.test.tsx keeps the two alike): nothing moves when React takes over.
 */
export function Header() {
  return (
    <header className="wa-header">
      <Link to={paths.map} className="wa-logo-link">
        <Logo title={t('app.logoLabel')} />
      </Link>
      <MyReportsLink />
      <LanguageSwitcher />
    </header>
  );
}

/**
 * "Moje zgłoszenia", once this device has sent a report: on a phone its icon alone (the name is
 * still its accessible name), beside it on a wider screen. Before the first report there is
 * nothing to list, and index.html's first paint has no such link: nothing moves when it comes.
 */
function MyReportsLink() {
  if (!useHasMyReports()) return null;
  return (
    <Link to={paths.myReports} className="wa-mine-link">
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M6 2h9l5 5v15H6zm8 1.5V8h4.5zM8.5 11v1.6h9V11zm0 3.5v1.6h9v-1.6zm0 3.5v1.6h6V18z" />
      </svg>
      <span className="wa-mine-link-text">{t('myReports.link')}</span>
    </Link>
  );
}

export function Frame() {
  const loaded = useAfterFirstPaint();
  // Another language draws the screen anew (its state lives in stores and the address).
  const language = useLanguage();
  return (
    <div className="wa-frame">
      <SkipLink target="wa-main">{t('skip.toContent')}</SkipLink>
      <Header />
      {loaded && (
        <Suspense fallback={null}>
          <OutboxPanel />
        </Suspense>
      )}
      <main className="wa-main" id="wa-main" tabIndex={-1} key={language}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
