/**
 * "Udostępnij" under a popup: the alert's permanent link, through the system's share sheet
 * where the browser has one (phones), else copied to the clipboard with a confirmation.
 */
import type { Alert } from '@wildalert/shared';
import { alertPath, BASENAME } from '../../../config/paths.ts';
import { animalNameOf, language, t } from '../../../i18n/i18n.ts';

/** The link opens in the language it was shared in, unless its visitor chose another. */
function alertLink(id: string): string {
  return new URL(`${BASENAME.replace(/\/$/, '')}${alertPath(id)}?lang=${language()}`, window.location.origin).href;
}

export function ShareAlert({ alert, onNote }: { alert: Alert; onNote(message: string): void }) {
  const share = async () => {
    const url = alertLink(alert.id);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('find.shareTitle', { animal: animalNameOf(alert.animal) }), url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      onNote(t('find.copied'));
    } catch {
      onNote(t('find.copyFailed', { url }));
    }
  };
  return (
    <button type="button" className="wa-report-button wa-share-button" onClick={() => void share()}>
      {t('find.share')}
    </button>
  );
}
