/** "Powiadamiaj mnie": the round bell above "where am I", which opens the sheet. Light: no MUI here. */
import './area-alerts.css';
import { t } from '../../../i18n/i18n.ts';

export function AreaAlertsButton({ onOpen, open }: { onOpen(): void; open: boolean }) {
  return (
    <button
      type="button"
      className="wa-area-alerts"
      data-map-control
      aria-label={t('areaAlerts.open')}
      title={t('areaAlerts.open')}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={onOpen}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22c1.1 0 2-.9 2-2h-4a2 2 0 0 0 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4a1.5 1.5 0 0 0-3 0v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z"
        />
      </svg>
    </button>
  );
}
