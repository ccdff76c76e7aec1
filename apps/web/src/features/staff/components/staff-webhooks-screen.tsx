/**
 * An organisation's webhooks (/staff/organisations/{id}/webhooks): its endpoints with their state
 * and latest delivery, each one's delivery log (newest first), and for an admin: adding one (its
 * secret shown once), a test message, a new secret (the old one signs too for 24 hours), and
 * deleting one. The organisation's members see the same without the buttons (the API's rule).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@wildalert/shared';
import { organisationPath } from '../../../config/paths.ts';
import { t } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { shortDateTime } from '../../../lib/format.ts';
import type { StaffMe } from '../../../lib/staff-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOrganisation } from '../api/organisations.ts';
import { useAddWebhook, useDeleteWebhook, useRotateWebhookSecret, useTestWebhook, useWebhookDeliveries, useWebhookEndpoints } from '../api/webhooks.ts';
import { failureMessage } from './failure-messages.ts';
import { organisationName } from './organisation-name.ts';
import { StaffLayout } from './staff-layout.tsx';
import { CardList, ConfirmButton, FIELD_SX, QueryState, SecretOnce, StaffPage, StaffSection } from './staff-parts.tsx';
import { attemptOutcome, endpointBody, endpointErrorsFromProblem, endpointState, type EndpointErrors, type EndpointState } from './webhook-words.ts';
const STATE_COLOUR: Record<EndpointState, 'success' | 'error' | 'default' | 'warning'> = { working: 'success', failing: 'error', disabled: 'warning', unused: 'default' };

export default function StaffWebhooksScreen() {
  const { id = '' } = useParams();
  return <StaffLayout role="responder">{(me) => <WebhooksPage organisationId={id} me={me} />}</StaffLayout>;
}

function WebhooksPage({ organisationId, me }: { organisationId: string; me: StaffMe }) {
  const organisation = useOrganisation(organisationId);
  const endpoints = useWebhookEndpoints(organisationId);
  const admin = me.role === 'admin';
  const name = organisation.data ? organisationName(organisation.data.name) : '';
  const title = name === '' ? t('webhooks.title') : t('webhooks.titleNamed', { name });
  useDocumentTitle(title);
  // A secret the server just made (a new endpoint's, a rotation's): shown at the top, once.
  const [secret, setSecret] = useState<{ endpoint: WebhookEndpointWithSecret; rotated: boolean } | null>(null);
  // It appears above the form and the list, out of view on a phone: brought there, for a screen reader too.
  const secretBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (secret) secretBox.current?.focus();
  }, [secret]);
  return (
    <StaffPage>
      {admin && (
        <Button component={RouterLink} to={organisationPath(organisationId)} sx={{ mt: 1, ml: -1 }}>
          {t('webhooks.back')}
        </Button>
      )}
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('webhooks.intro')}
      </Typography>
      {secret && (
        <Box ref={secretBox} tabIndex={-1} sx={{ outline: 'none', scrollMarginTop: 72 }}>
        <SecretOnce
          title={secret.rotated ? t('webhooks.secret.rotatedTitle', { url: secret.endpoint.url }) : t('webhooks.secret.createdTitle', { url: secret.endpoint.url })}
          note={
            secret.rotated && secret.endpoint.previousSecretUntil
              ? t('webhooks.secret.rotatedNote', { until: shortDateTime(secret.endpoint.previousSecretUntil) })
              : t('webhooks.secret.createdNote')
          }
          secret={secret.endpoint.secret}
          onDone={() => setSecret(null)}
        />
        </Box>
      )}
      {admin && <AddEndpoint me={me} organisationId={organisationId} onAdded={(endpoint) => setSecret({ endpoint, rotated: false })} />}
      <StaffSection id="webhook-endpoints" title={t('webhooks.endpoints')}>
        <QueryState query={endpoints} empty={admin ? t('webhooks.empty') : t('webhooks.emptyMember')}>
          <CardList label={t('webhooks.endpoints')}>
            {endpoints.data?.map((endpoint) => (
              <EndpointCard key={endpoint.id} me={me} endpoint={endpoint} onRotated={(rotated) => setSecret({ endpoint: rotated, rotated: true })} />
            ))}
          </CardList>
        </QueryState>
      </StaffSection>
    </StaffPage>
  );
}

function AddEndpoint({ me, organisationId, onAdded }: { me: StaffMe; organisationId: string; onAdded(endpoint: WebhookEndpointWithSecret): void }) {
  const [form, setForm] = useState({ url: '', description: '' });
  const [errors, setErrors] = useState<EndpointErrors>({});
  const add = useAddWebhook(me, organisationId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = endpointBody(form);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    add.mutate(checked.body, {
      onSuccess: (endpoint) => {
        setForm({ url: '', description: '' });
        onAdded(endpoint);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length > 0) setErrors(endpointErrorsFromProblem(error.fieldErrors));
      },
    });
  };
  const fieldFailed = add.error instanceof ApiError && add.error.status === 400 && Object.keys(add.error.fieldErrors).length > 0;
  return (
    <StaffSection id="webhook-add" title={t('webhooks.add.title')} intro={t('webhooks.add.intro')}>
      <Box component="form" onSubmit={submit} noValidate aria-labelledby="webhook-add" sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label={t('webhooks.add.url')}
          value={form.url}
          onChange={(e) => setForm((f) => ({ ...f, url: e.target.value }))}
          required
          error={!!errors.url}
          helperText={errors.url ?? t('webhooks.add.urlHelp')}
          size="small"
          sx={FIELD_SX}
          slotProps={{ htmlInput: { inputMode: 'url', maxLength: 2000, spellCheck: false } }}
        />
        <TextField
          label={t('webhooks.add.description')}
          value={form.description}
          onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
          error={!!errors.description}
          helperText={errors.description ?? t('webhooks.add.descriptionHelp')}
          size="small"
          sx={FIELD_SX}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Box role="status" aria-live="polite">
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
          {add.isError && !fieldFailed && <Alert severity="error">{failureMessage(add.error, 'other')}</Alert>}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={add.isPending} sx={{ px: 4 }}>
            {t('webhooks.add.submit')}
          </Button>
        </Box>
      </Box>
    </StaffSection>
  );
}

function EndpointCard({ me, endpoint, onRotated }: { me: StaffMe; endpoint: WebhookEndpoint; onRotated(endpoint: WebhookEndpointWithSecret): void }) {
  const deliveries = useWebhookDeliveries(endpoint.organisationId, endpoint.id);
  const rotate = useRotateWebhookSecret(me, endpoint.organisationId);
  const test = useTestWebhook(me, endpoint.organisationId);
  const remove = useDeleteWebhook(me, endpoint.organisationId);
  const [showLog, setShowLog] = useState(false);
  const [asking, setAsking] = useState(false);
  const latest = deliveries.data?.[0];
  const state = endpointState(endpoint, latest);
  const logId = `webhook-log-${endpoint.id}`;
  const failure = rotate.error ?? test.error ?? remove.error;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1, minWidth: 0 }} data-testid="webhook-endpoint" aria-label={endpoint.url}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 600, fontFamily: 'monospace', fontSize: '0.9rem', overflowWrap: 'anywhere', flex: '1 1 200px', minWidth: 0 }}>
          {endpoint.url}
        </Typography>
        <Chip size="small" label={t(`webhooks.state.${state}`)} color={STATE_COLOUR[state]} />
      </Box>
      {endpoint.description !== '' && <Typography variant="body2">{endpoint.description}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {t('webhooks.events')}
      </Typography>
      {!endpoint.enabled && endpoint.disabledReason && (
        <Typography variant="body2" color="warning.dark">
          {t('webhooks.disabledBecause', { reason: endpoint.disabledReason })}
        </Typography>
      )}
      {endpoint.previousSecretUntil && Date.parse(endpoint.previousSecretUntil) > Date.now() && (
        <Typography variant="body2" color="text.secondary">
          {t('webhooks.previousSecret', { until: shortDateTime(endpoint.previousSecretUntil) })}
        </Typography>
      )}
      <Typography variant="body2" data-testid="webhook-latest">
        {deliveries.isPending
          ? t('staff.loading')
          : deliveries.isError
            ? t('webhooks.log.failed')
            : latest
              ? t('webhooks.latest', { when: shortDateTime(latest.lastAttemptAt ?? latest.createdAt), event: t(`webhooks.event.${latest.type}`), outcome: attemptOutcome(latest) })
              : t('webhooks.latestNone')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((s) => !s)}>
          {showLog ? t('webhooks.log.hide') : t('webhooks.log.show')}
        </Button>
        {me.role === 'admin' && (
          <>
            <Button variant="outlined" disabled={test.isPending} onClick={() => test.mutate(endpoint.id, { onSuccess: () => void deliveries.refetch() })}>
              {t('webhooks.test')}
            </Button>
            <Button variant="outlined" disabled={rotate.isPending} onClick={() => setAsking(true)}>
              {t('webhooks.rotate.button')}
            </Button>
            <ConfirmButton label={t('webhooks.delete')} confirmLabel={t('webhooks.confirmDelete')} disabled={remove.isPending} onConfirm={() => remove.mutate(endpoint.id)} />
          </>
        )}
      </Box>
      {test.isSuccess && (
        <Typography variant="body2" role="status">
          {t('webhooks.testQueued')}
        </Typography>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failureMessage(failure, 'other')}
        </Alert>
      )}
      {showLog && <DeliveryLog id={logId} deliveries={deliveries} />}
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={`${logId}-rotate`}>
        <DialogTitle id={`${logId}-rotate`}>{t('webhooks.rotate.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('webhooks.rotate.explain')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t('webhooks.rotate.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setAsking(false);
              rotate.mutate(endpoint.id, { onSuccess: onRotated });
            }}
          >
            {t('webhooks.rotate.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function DeliveryLog({ id, deliveries }: { id: string; deliveries: ReturnType<typeof useWebhookDeliveries> }) {
  return (
    <Box id={id}>
      <QueryState query={deliveries} empty={t('webhooks.log.empty')}>
        <Box component="ol" aria-label={t('webhooks.log.title')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {deliveries.data?.map((delivery) => <DeliveryRow key={delivery.id} delivery={delivery} />)}
        </Box>
      </QueryState>
    </Box>
  );
}

const DELIVERY_COLOUR = { delivered: 'success', pending: 'default', failed: 'error' } as const;

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: 'divider', pt: 1, minWidth: 0 }} data-testid="webhook-delivery">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {shortDateTime(delivery.createdAt)}
        </Typography>
        <Typography variant="body2">{t(`webhooks.event.${delivery.type}`)}</Typography>
        <Chip size="small" label={t(`webhooks.status.${delivery.status}`)} color={DELIVERY_COLOUR[delivery.status]} variant="outlined" />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[
          t('webhooks.log.attempts', { count: delivery.attempts }),
          delivery.attempts > 0 ? attemptOutcome(delivery) : t('webhooks.log.notTried'),
          delivery.nextAttemptAt ? t('webhooks.log.next', { when: shortDateTime(delivery.nextAttemptAt) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {delivery.id}
      </Typography>
    </Box>
  );
}
