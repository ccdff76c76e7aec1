/**
 * The moderators' screen (/moderation, loaded on demand, behind the staff sign-in): the reported
 * and the hidden alerts, each with its reports, photos and verification level, and the decisions
 * (hide or restore an alert, hide one photo; confirm, correct or reject it), sent with the
 * person's session. The server logs every decision.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { animalNameOf, t } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCoordinates, fullDateTime } from '../../../lib/format.ts';
import type { StaffMe } from '../../../lib/staff-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDecision, useModerationLists, useModeratorPhoto, type Decision, type ModeratedAlert } from '../api/moderation-api.ts';
import { TrustPanel } from './trust-panel.tsx';

export function ModerationScreen({ me }: { me: StaffMe }) {
  useDocumentTitle(t('moderation.title'));
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', px: 2, py: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('moderation.title')}
      </Typography>
      <Queues me={me} />
    </Box>
  );
}

function Queues({ me }: { me: StaffMe }) {
  const { reported, hidden } = useModerationLists();
  const decision = useDecision(me);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const decide = (d: Decision) => {
    setNotice(null);
    decision.mutate(d, {
      onSuccess: () =>
        setNotice({ ok: true, text: t(d.kind === 'hide' ? 'moderation.actions.done.hidden' : d.kind === 'restore' ? 'moderation.actions.done.restored' : 'moderation.actions.done.photoHidden') }),
      onError: (error) => setNotice({ ok: false, text: t('moderation.actions.failed', { status: error instanceof ApiError ? error.status : 0 }) }),
    });
  };
  const reportedIds = new Set((reported.data?.data ?? []).map((r) => r.alert.id));
  // A hidden alert with open reports is listed once, with its reports.
  const hiddenOnly = (hidden.data?.data ?? []).filter((h) => !reportedIds.has(h.alert.id));
  return (
    <>
      {/* The decisions move the cards anyway: the notice takes no room until there is one. */}
      <Box role="status" sx={{ mb: notice ? 2 : 0 }}>
        {notice && <Alert severity={notice.ok ? 'success' : 'error'}>{notice.text}</Alert>}
      </Box>
      <Section
        title={t('moderation.reported', { count: reported.data?.data.length ?? 0 })}
        empty={t('moderation.reportedEmpty')}
        query={reported}
        items={reported.data?.data}
        busy={decision.isPending}
        onDecide={decide}
        me={me}
        onNotice={setNotice}
        testId="moderation-reported"
      />
      <Section
        title={t('moderation.hidden', { count: hiddenOnly.length })}
        empty={t('moderation.hiddenEmpty')}
        query={hidden}
        items={hidden.data ? hiddenOnly : undefined}
        busy={decision.isPending}
        onDecide={decide}
        me={me}
        onNotice={setNotice}
        testId="moderation-hidden"
      />
    </>
  );
}

interface SectionProps {
  title: string;
  empty: string;
  query: { isPending: boolean; isError: boolean; refetch(): unknown; data?: { truncated: boolean } };
  items: ModeratedAlert[] | undefined;
  busy: boolean;
  onDecide(d: Decision): void;
  me: StaffMe;
  onNotice(notice: { ok: boolean; text: string }): void;
  testId: string;
}

function Section({ title, empty, query, items, busy, onDecide, me, onNotice, testId }: SectionProps) {
  const id = `${testId}-title`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }} data-testid={testId}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {query.isPending ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden /> {t('moderation.loading')}
        </Box>
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              {t('moderation.retry')}
            </Button>
          }
        >
          {t('moderation.loadFailed')}
        </Alert>
      ) : items && items.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          {items?.map((item) => (
            <li key={item.alert.id}>
              <AlertCard item={item} busy={busy} onDecide={onDecide} me={me} onNotice={onNotice} />
            </li>
          ))}
        </Box>
      )}
      {query.data?.truncated && <Typography color="text.secondary">{t('moderation.truncated')}</Typography>}
    </Box>
  );
}

function AlertCard({ item, busy, onDecide, me, onNotice }: { item: ModeratedAlert; busy: boolean; onDecide(d: Decision): void } & Pick<SectionProps, 'me' | 'onNotice'>) {
  const { alert } = item;
  const name = animalNameOf(alert.animal);
  const headingId = `moderated-${alert.id}`;
  const when = item.hiddenAt ? fullDateTime(item.hiddenAt) : '';
  const state = !item.hidden
    ? t('moderation.alert.shown')
    : t(item.hiddenBy === 'reports' ? 'moderation.alert.hiddenByReports' : 'moderation.alert.hiddenByModerator', { when });
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="moderated-alert">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3" id={headingId}>
          {name}
        </Typography>
        {/* "Hidden by a moderator on 28.11.2026, 17:59" is wider than a 320 px phone: it wraps. */}
        <Chip size="small" label={state} color={item.hidden ? 'default' : 'primary'} sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} />
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} color={alert.comments === '' ? 'text.secondary' : 'text.primary'}>
        {alert.comments === '' ? t('moderation.alert.noComments') : alert.comments}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('moderation.alert.exactPlace', { place: formatCoordinates(alert.latitude, alert.longitude) })} ·{' '}
        {t('moderation.alert.added', { when: fullDateTime(alert.createdAt) })}
      </Typography>
      <TrustPanel item={item} me={me} busy={busy} onNotice={onNotice} />
      <Typography variant="subtitle2" component="h4">
        {t('moderation.alert.reports', { count: item.reports.length })}
      </Typography>
      {item.reports.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {item.reports.map((r) => (
            <li key={r.reportedAt + r.reason}>
              <Typography variant="body2">
                {fullDateTime(r.reportedAt)}: {r.reason === '' ? <em>{t('moderation.alert.noReason')}</em> : r.reason}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      <Typography variant="subtitle2" component="h4">
        {t('moderation.alert.photos', { count: alert.photos.length })}
      </Typography>
      {alert.photos.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {alert.photos.map((photo, i) => (
            <li key={photo.id}>
              <ModeratedPhoto
                        url={photo.thumbnailUrl}
                n={i + 1}
                busy={busy}
                onHide={() => onDecide({ kind: 'hide-photo', alertId: alert.id, photoId: photo.id })}
              />
            </li>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {item.hidden ? (
          <>
            <Button variant="contained" onClick={() => onDecide({ kind: 'restore', alertId: alert.id })} disabled={busy} sx={{ minHeight: 44 }}>
              {t('moderation.actions.restore')}
            </Button>
            {item.hiddenBy === 'reports' && (
              <Button variant="outlined" onClick={() => onDecide({ kind: 'hide', alertId: alert.id })} disabled={busy} sx={{ minHeight: 44 }}>
                {t('moderation.actions.confirmHidden')}
              </Button>
            )}
          </>
        ) : (
          <Button variant="contained" color="error" onClick={() => onDecide({ kind: 'hide', alertId: alert.id })} disabled={busy} sx={{ minHeight: 44 }}>
            {t('moderation.actions.hide')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

const THUMB_PX = 120;

/** A photo's thumbnail with its "hide" button, which asks once more before hiding for good. */
function ModeratedPhoto({ url, n, busy, onHide }: { url: string; n: number; busy: boolean; onHide(): void }) {
  const photo = useModeratorPhoto(url);
  const [confirming, setConfirming] = useState(false);
  return (
    <Box sx={{ width: THUMB_PX, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ width: THUMB_PX, height: THUMB_PX, bgcolor: 'grey.200', borderRadius: 1, overflow: 'hidden', display: 'grid', placeItems: 'center' }}>
        {photo.url ? (
          <img src={photo.url} alt={t('moderation.alert.photo', { n })} width={THUMB_PX} height={THUMB_PX} style={{ objectFit: 'cover', display: 'block' }} />
        ) : photo.failed ? (
          <Typography variant="caption" sx={{ p: 1, textAlign: 'center' }}>
            {t('moderation.alert.photoUnavailable')}
          </Typography>
        ) : (
          <CircularProgress size={20} aria-label={t('moderation.loading')} />
        )}
      </Box>
      <Button
        size="small"
        variant={confirming ? 'contained' : 'outlined'}
        color="error"
        disabled={busy}
        onClick={() => {
          if (!confirming) setConfirming(true);
          else onHide();
        }}
        onBlur={() => setConfirming(false)}
        sx={{ minHeight: 44, lineHeight: 1.2 }}
      >
        {confirming ? t('moderation.actions.confirmHidePhoto', { n }) : t('moderation.actions.hidePhoto', { n })}
      </Button>
    </Box>
  );
}
