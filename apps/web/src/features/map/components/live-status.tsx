/** Over the map: a discreet note while the live connection is down, and new alerts announced to screen readers. */
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { animalNameOf, t } from '../../../i18n/i18n.ts';
import type { LiveAlerts } from '../api/alert-stream.ts';

export function LiveStatus({ live }: { live: LiveAlerts }) {
  return (
    <>
      {live.status === 'offline' && (
        <div className="wa-live-offline" role="status" data-testid="live-offline" data-map-control>
          <span className="wa-live-dot" aria-hidden="true" />
          {t('map.liveOffline')}
        </div>
      )}
      <VisuallyHidden as="p" live="polite">
        {live.latest ? t('map.liveNew', { animal: animalNameOf(live.latest.animal) }) : ''}
      </VisuallyHidden>
    </>
  );
}
