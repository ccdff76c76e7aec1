import { useEffect } from 'react';
import { pl } from '../i18n/pl.ts';

/** "Nowe zgłoszenie — WildAlert": each screen names itself in the tab and for screen readers. */
export function useDocumentTitle(screen?: string) {
  useEffect(() => {
    document.title = screen ? `${screen} — ${pl.appName}` : pl.appName;
  }, [screen]);
}
