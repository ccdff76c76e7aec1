/**
 * "Udostępnij" under a popup: the alert's permanent link, through the system's share sheet
 * where the browser has one (phones), else copied to the clipboard with a confirmation.
 */
import { animalByKey, type Alert } from '@wildalert/shared';
import { alertPath, BASENAME } from '../../../config/paths.ts';
import { pl } from '../../../i18n/pl.ts';

function alertLink(id: string): string {
  return new URL(`${BASENAME.replace(/\/$/, '')}${alertPath(id)}`, window.location.origin).href;
}

export function ShareAlert({ alert, onNote }: { alert: Alert; onNote(message: string): void }) {
  const share = async () => {
    const url = alertLink(alert.id);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: pl.find.shareTitle(animalByKey(alert.animal).namePl), url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      onNote(pl.find.copied);
    } catch {
      onNote(pl.find.copyFailed(url));
    }
  };
  return (
    <button type="button" className="wa-report-button wa-share-button" onClick={() => void share()}>
      {pl.find.share}
    </button>
  );
}
