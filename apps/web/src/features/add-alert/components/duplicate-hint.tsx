/** "Czy to ten sam?": a recent alert of the same animal nearby; the visitor may still send. */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { animalByKey, type AnimalKey } from '@wildalert/shared';
import { alertPath } from '../../../config/paths.ts';
import { pl } from '../../../i18n/pl.ts';
import { plAddAlert } from '../../../i18n/pl-add-alert.ts';
import { relativeTimePl } from '../../../lib/format.ts';
import type { Position } from '../../../lib/geolocation.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useRecentNearby } from '../api/get-nearby-alerts.ts';

export function DuplicateHint({ animal, location }: { animal: AnimalKey | null; location: Position | null }) {
  const t = plAddAlert.duplicateHint;
  const now = useNow();
  const { data: alert } = useRecentNearby(animal, location);
  // Only for the current choice: a hint about the previous animal or place would mislead.
  if (!alert || alert.animal !== animal) return null;
  return (
    <Alert severity="info" role="status" data-testid="duplicate-hint">
      <AlertTitle>{t.title}</AlertTitle>
      {t.text(animalByKey(alert.animal).namePl, relativeTimePl(alert.createdAt, now, pl.popup.justNow))}{' '}
      <Link component={RouterLink} to={alertPath(alert.id)} sx={{ display: 'inline-block', py: 1.25 }}>
        {t.show}
      </Link>
      <br />
      {t.stillSend}
    </Alert>
  );
}
