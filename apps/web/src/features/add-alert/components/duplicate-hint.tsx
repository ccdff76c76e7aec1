/**
 * "Czy to ten sam?": a recent alert of the same animal nearby. The visitor may confirm it is
 * still there instead of adding a new one (a "still there" vote on it), or still send theirs.
 */
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { Alert as AlertData, AnimalKey } from '@wildalert/shared';
import { alertPath } from '../../../config/paths.ts';
import { animalNameOf, t } from '../../../i18n/i18n.ts';
import { voteFailure, voteOnAlert } from '../../../lib/alert-votes.ts';
import { relativeTime } from '../../../lib/format.ts';
import type { Position } from '../../../lib/geolocation.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useRecentNearby } from '../api/get-nearby-alerts.ts';

interface DuplicateHintProps {
  animal: AnimalKey | null;
  location: Position | null;
  /** The visitor confirmed `alert` instead of adding theirs; its counts are the vote's answer. */
  onConfirmed(alert: AlertData): void;
}

export function DuplicateHint({ animal, location, onConfirmed }: DuplicateHintProps) {
  const now = useNow();
  const { data: alert } = useRecentNearby(animal, location);
  const confirm = useMutation({
    mutationFn: (existing: AlertData) => voteOnAlert(existing.id, 'still-there').then((tally) => ({ ...existing, ...tally })),
    onSuccess: onConfirmed,
    // Offline, the visitor hears so at once, and may still send theirs (the outbox keeps it).
    networkMode: 'always',
  });
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
      {t('duplicateHint.confirmText')}
      {/* On a line of its own, the text around it above and below. */}
      <Button
        type="button"
        variant="outlined"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(alert)}
        sx={{ display: 'flex', width: 'fit-content', minHeight: 44, my: 1 }}
      >
        {confirm.isPending ? t('duplicateHint.confirming') : t('duplicateHint.confirm')}
      </Button>
      {confirm.isError && (
        <Box component="span" role="alert" sx={{ display: 'block', mb: 1 }}>
          {voteFailure(confirm.error, 'duplicateHint.vote')}
        </Box>
      )}
      {t('duplicateHint.stillSend')}
    </Alert>
  );
}
