/**
 * The language switcher in the header: each language named in itself. The choice is kept on
 * the device, and the address's `?lang=` (if it has one) follows it, so a link copied from
 * the address bar opens in the same language; the map stays where it was.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLanguage, LANGUAGES } from '@wildalert/shared';
import { chooseLanguage, t, useLanguage } from '../i18n/i18n.ts';

export function LanguageSwitcher() {
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  // A shared link's language gives way to the visitor's own choice, in the address too.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const linked = params.get('lang');
    if (linked === null || linked === language) return;
    params.set('lang', language);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}` }, { replace: true });
  }, [language, location.pathname, location.search, navigate]);
  return (
    <select
      className="wa-language"
      aria-label={t('language.label')}
      value={language}
      onChange={(event) => {
        const chosen = event.target.value;
        if (isLanguage(chosen)) void chooseLanguage(chosen);
      }}
    >
      {LANGUAGES.map((option) => (
        <option key={option} value={option} lang={option}>
          {t(`language.${option}`)}
        </option>
      ))}
    </select>
  );
}
