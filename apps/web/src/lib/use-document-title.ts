import { useEffect } from 'react';
import { t } from '../i18n/i18n.ts';

/** "Nowe zgłoszenie — WildAlert": each screen names itself in the tab and for screen readers. */
export function useDocumentTitle(screen?: string) {
  useEffect(() => {
    document.title = screen ? `${screen} — ${t('app.name')}` : t('app.name');
  }, [screen]);
}
