/** "Czy to ten sam?": a recent alert of the same animal nearby; the visitor may still send. */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import type { AnimalKey } from '@wildalert/shared';
import { alertPath } from '../../../config/paths.ts';
import { animalNameOf, t } from '../../../i18n/i18n.ts';
import { relativeTime } from '../../../lib/format.ts';
import type { Position } from '../../../lib/geolocation.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useRecentNearby } from '../api/get-nearby-alerts.ts';

export function DuplicateHint({ animal, location }: { animal: AnimalKey | null; location: Position | null }) {
  const now = useNow();
  const { data: alert } = useRecentNearby(animal, location);
  // Only for the current choice: a hint about the previous animal or place would mislead.
  if (!alert || alert.animal !== animal) return null;
  return (
    <Alert severity="info" role="status" data-testid="duplicate-hint">
      <AlertTitle>{t('duplicateHint.title')}</AlertTitle>
      {t('duplicateHint.text', { animal: animalNameOf(alert.animal), when: relativeTime(alert.createdAt, now) })}{' '}
      <Link component={RouterLink} to={alertPath(alert.id)} sx={{ display: 'inline-block', py: 1.25 }}>
        {t('duplicateHint.show')}
      </Link>
      <br />
      {t('duplicateHint.stillSend')}
    </Alert>
  );
}
