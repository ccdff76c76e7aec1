/**
 * A short note over the map that leaves by itself (or by its close button): at the top of the
 * map's status lane, a control the popups keep clear of (issue 34: it covered the vote buttons).
 */
import { useEffect } from 'react';
import { t } from '../i18n/i18n.ts';

export function Toast({ message, onClose }: { message: string; onClose(): void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, 6000);
    return () => clearTimeout(timer);
  }, [message, onClose]);
  return (
    <div className="wa-toast" role="status" data-map-control>
      <span>{message}</span>
      <button type="button" onClick={onClose} aria-label={t('map.close')}>
        ✕
      </button>
    </div>
  );
}
