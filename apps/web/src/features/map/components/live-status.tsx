/** Over the map: a discreet note while the live connection is down, and new alerts announced to screen readers. */
import { animalByKey } from '@wildalert/shared';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { pl } from '../../../i18n/pl.ts';
import type { LiveAlerts } from '../api/alert-stream.ts';

export function LiveStatus({ live }: { live: LiveAlerts }) {
  return (
    <>
      {live.status === 'offline' && (
        <div className="wa-live-offline" role="status" data-testid="live-offline" data-map-control>
          <span className="wa-live-dot" aria-hidden="true" />
          {pl.map.liveOffline}
        </div>
      )}
      <VisuallyHidden as="p" live="polite">
        {live.latest ? pl.map.liveNew(animalByKey(live.latest.animal).namePl) : ''}
      </VisuallyHidden>
    </>
  );
}
