/** "Powiadamiaj mnie": the round bell above "where am I", which opens the sheet. */
import { RoundMapButton } from '../../../components/map/round-map-button.tsx';
import { t } from '../../../i18n/i18n.ts';

const BELL =
  'M12 22c1.1 0 2-.9 2-2h-4a2 2 0 0 0 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4a1.5 1.5 0 0 0-3 0v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z';

export function AreaAlertsButton({ onOpen, open }: { onOpen(): void; open: boolean }) {
  return <RoundMapButton place="second" icon={BELL} label={t('areaAlerts.open')} aria-haspopup="dialog" aria-expanded={open} onClick={onOpen} />;
}
