/**
 * The embeddable map's bar: the logo, and a link that opens the full app at the same view
 * (and in the same language) in a new tab. Loaded with the embed's messages; the map beside
 * it is the map's own screen (router.tsx).
 */
import './embed.css';
import { Logo } from '../../components/logo.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { BASENAME } from '../../config/paths.ts';
import { t, useLanguage } from '../../i18n/i18n.ts';

/** `search`: the embed's address, where the map writes where it looks. */
export default function EmbedBar({ search }: { search: string }) {
  const params = new URLSearchParams(search);
  params.set('lang', useLanguage());
  return (
    <header className="wa-header wa-embed-bar">
      <span className="wa-logo-link">
        <Logo title={t('app.logoLabel')} />
      </span>
      <a className="wa-embed-open" href={`${BASENAME}?${params.toString()}`} target="_blank" rel="noopener">
        {t('embed.open')}
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M19 19H5V5h7V3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14c1.1 0 2-.9 2-2v-7h-2v7zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3h-7z" />
        </svg>
        <VisuallyHidden>{t('embed.newTab')}</VisuallyHidden>
      </a>
    </header>
  );
}
