/**
 * The inbox (/staff/inbox): a responder's everyday screen. The reports routed to their
 * organisation (a picker when they belong to several), newest first, open or resolved, kept
 * current by the server's stream; each with what was seen, its photos and votes, and its exact
 * point on a small map; the steps (acknowledge, on the way, resolve with an outcome and a public
 * note), each with its time; and the organisation's response figures.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OUTCOMES, type InboxEntry, type InboxStatus, type Organisation, type Outcome, type StatusChangeBody } from '@wildalert/shared';
import { LazyAlertPhotos } from '../../../components/lazy-alert-photos.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { animalNameOf, t } from '../../../i18n/i18n.ts';
import { clockTime, formatCoordinates, fullDateTime, relativeTime, sightingLine } from '../../../lib/format.ts';
import type { StaffMe } from '../../../lib/staff-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useFigures, useHandOverTargets, useInbox, useInboxStream, useStatusChange, type InboxTab, type LiveState } from '../api/inbox.ts';
import { useOrganisations } from '../api/organisations.ts';
import { PointMap } from './map/point-map.tsx';
import { failureMessage } from './failure-messages.ts';
import { figuresLine, nextSteps } from './inbox-words.ts';
import { organisationName } from './organisation-name.ts';
import { StaffLayout } from './staff-layout.tsx';
import { CardList, FIELD_SX, QueryState, StaffPage } from './staff-parts.tsx';

/** A public note's limit (the server's too). */
const NOTE_MAX_LENGTH = 500;

export default function StaffInboxScreen() {
  useDocumentTitle(t('staff.inbox.title'));
  return <StaffLayout role="responder">{(me) => <Inboxes me={me} />}</StaffLayout>;
}

/** Which organisation's inbox: the address says, else the first one the person may read. */
function Inboxes({ me }: { me: StaffMe }) {
  const organisations = useOrganisations();
  const [search, setSearch] = useSearchParams();
  const withInbox = organisations.data?.filter((o) => o.inbox);
  const chosen = withInbox?.find((o) => o.id === search.get('organisation')) ?? withInbox?.[0];
  const picker =
    withInbox && withInbox.length > 1 ? (
      <TextField
        select
        label={t('staff.inbox.organisation')}
        value={chosen?.id ?? ''}
        onChange={(e) => setSearch({ organisation: e.target.value }, { replace: true })}
        size="small"
        sx={{ minWidth: 240, maxWidth: '100%', ...FIELD_SX }}
      >
        {withInbox.map((o) => (
          <MenuItem key={o.id} value={o.id} sx={{ minHeight: 44 }}>
            {organisationName(o.name)}
          </MenuItem>
        ))}
      </TextField>
    ) : undefined;
  return (
    <StaffPage>
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1.5 }}>
        {t('staff.inbox.title')}
      </Typography>
      <QueryState query={{ ...organisations, data: withInbox }} empty={t('staff.inbox.noOrganisation')}>
        {chosen && <Inbox key={chosen.id} me={me} organisation={chosen} others={organisations.data ?? []} picker={picker} />}
      </QueryState>
    </StaffPage>
  );
}

/** One organisation's inbox; `picker`, when the person has several, stands where its name would (which screen readers still hear as its heading). */
function Inbox({ me, organisation, others, picker }: { me: StaffMe; organisation: Organisation; others: Organisation[]; picker?: ReactNode }) {
  const [tab, setTab] = useState<InboxTab>('open');
  const live = useInboxStream(organisation.id);
  const entries = useInbox(organisation.id, tab);
  const tabsId = useId();
  const name = organisationName(organisation.name);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: picker ? 'center' : 'baseline', columnGap: 1.5, rowGap: 1, mb: 1 }}>
        {picker ? (
          <>
            <VisuallyHidden as="h2">{name}</VisuallyHidden>
            {picker}
          </>
        ) : (
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
        )}
        <LiveBadge state={live} />
      </Box>
      <Figures organisationId={organisation.id} />
      <Tabs value={tab} onChange={(_, value: InboxTab) => setTab(value)} aria-label={t('staff.inbox.tabs')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="open" label={t('staff.inbox.open')} id={`${tabsId}-open`} aria-controls={`${tabsId}-panel`} sx={{ minHeight: 48 }} />
        <Tab value="resolved" label={t('staff.inbox.resolved')} id={`${tabsId}-resolved`} aria-controls={`${tabsId}-panel`} sx={{ minHeight: 48 }} />
      </Tabs>
      <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        <QueryState query={entries} empty={t(tab === 'open' ? 'staff.inbox.emptyOpen' : 'staff.inbox.emptyResolved')}>
          <CardList label={t(tab === 'open' ? 'staff.inbox.open' : 'staff.inbox.resolved')}>
            {entries.data?.map((entry) => (
              <li key={entry.alert.id}>
                <EntryCard entry={entry} me={me} organisation={organisation} others={others} />
              </li>
            ))}
          </CardList>
        </QueryState>
      </Box>
    </>
  );
}

function LiveBadge({ state }: { state: LiveState }) {
  return (
    <Typography variant="body2" role="status" color={state === 'live' ? 'success.main' : 'text.secondary'} data-testid="inbox-live" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: state === 'live' ? 'success.main' : 'grey.400' }} />
      {t(`staff.inbox.live.${state}`)}
    </Typography>
  );
}

function Figures({ organisationId }: { organisationId: string }) {
  const figures = useFigures(organisationId);
  return (
    // Its line's room is kept while it loads: the list below does not jump.
    <Typography variant="body2" color="text.secondary" sx={{ minHeight: '1.5em', mb: 1 }} data-testid="inbox-figures">
      {figures.data ? figuresLine(figures.data) : figures.isError ? t('staff.inbox.figures.failed') : '\u00a0'}
    </Typography>
  );
}

const STATUS_COLOUR: Record<InboxStatus, 'error' | 'warning' | 'info' | 'success'> = { new: 'error', acknowledged: 'warning', 'on-the-way': 'info', resolved: 'success' };

function EntryCard({ entry, me, organisation, others }: { entry: InboxEntry; me: StaffMe; organisation: Organisation; others: Organisation[] }) {
  const now = useNow();
  const { alert } = entry;
  const headingId = `inbox-${alert.id}`;
  const name = animalNameOf(alert.animal);
  const seen = sightingLine(alert);
  const step = useStatusChange(me, organisation.id);
  const [resolving, setResolving] = useState(false);
  const send = (change: StatusChangeBody) => step.mutate({ alertId: alert.id, change }, { onSuccess: () => setResolving(false) });
  const times: Array<[string, string | null]> = [
    [t('staff.inbox.step.received'), entry.createdAt],
    [t('staff.inbox.step.acknowledged'), entry.acknowledgedAt],
    [t('staff.inbox.step.on-the-way'), entry.onTheWayAt],
    [t('staff.inbox.step.resolved'), entry.resolvedAt],
  ];
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 1.5, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 280px' } }} data-testid="inbox-entry">
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.75, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          <Typography variant="h6" component="h3" id={headingId} sx={{ fontSize: '1.125rem' }}>
            {name}
          </Typography>
          <Chip size="small" color={STATUS_COLOUR[entry.status]} label={t(`staff.inbox.status.${entry.status}`)} data-testid="inbox-status" />
          <Typography variant="body2" component="time" dateTime={entry.statusAt} title={fullDateTime(entry.statusAt)} color="text.secondary">
            {clockTime(Date.parse(entry.statusAt), now)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={alert.createdAt} title={fullDateTime(alert.createdAt)}>
            {t('staff.inbox.reported', { when: relativeTime(alert.createdAt, now), clock: clockTime(Date.parse(alert.createdAt), now) })}
          </time>
        </Typography>
        {seen !== '' && <Typography sx={{ fontWeight: 500 }}>{seen}</Typography>}
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} color={alert.comments === '' ? 'text.secondary' : 'text.primary'}>
          {alert.comments === '' ? t('staff.inbox.noComment') : alert.comments}
        </Typography>
        {/* The photos' row keeps its room while their code loads. */}
        {alert.photos.length > 0 && (
          <Box sx={{ minHeight: 64 }}>
            <LazyAlertPhotos photos={alert.photos} animal={name} />
          </Box>
        )}
        <Typography variant="body2">{t('staff.inbox.votes', { stillThere: alert.stillThere, gone: alert.gone })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('staff.inbox.point', { place: formatCoordinates(alert.latitude, alert.longitude) })}
        </Typography>
        <Box component="ol" aria-label={t('staff.inbox.timeline')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25 }} data-testid="inbox-timeline">
          {times
            .filter(([, at]) => at !== null)
            .map(([label, at]) => (
              <Typography component="li" variant="body2" key={label}>
                {label}: <time dateTime={at!}>{clockTime(Date.parse(at!), now)}</time>
              </Typography>
            ))}
        </Box>
        {entry.status === 'resolved' && <Resolution entry={entry} others={others} />}
        {entry.status !== 'resolved' && !resolving && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
            {nextSteps(entry.status).map((next) => (
              <Button
                key={next}
                variant={next === nextSteps(entry.status)[0] ? 'contained' : 'outlined'}
                disabled={step.isPending}
                onClick={() => (next === 'resolved' ? setResolving(true) : send({ status: next }))}
              >
                {t(`staff.inbox.action.${next}`)}
              </Button>
            ))}
          </Box>
        )}
        {resolving && <ResolveForm alert={entry.alert} organisation={organisation} others={others} busy={step.isPending} onCancel={() => setResolving(false)} onResolve={send} />}
        {step.isError && (
          <Alert severity="error" role="alert">
            {failureMessage(step.error, 'inbox-step')}
          </Alert>
        )}
      </Box>
      <WhenNear height={{ xs: 160, md: 200 }}>
        <PointMap latitude={alert.latitude} longitude={alert.longitude} animal={alert.animal} label={t('staff.inbox.mapLabel', { animal: name })} />
      </WhenNear>
    </Paper>
  );
}

function Resolution({ entry, others }: { entry: InboxEntry; others: Organisation[] }) {
  const handedTo = entry.handedTo === null ? undefined : others.find((o) => o.id === entry.handedTo);
  return (
    <Box sx={{ bgcolor: 'grey.50', borderRadius: 1, p: 1 }} data-testid="inbox-resolution">
      {entry.outcome && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`staff.inbox.outcome.${entry.outcome}`)}
          {handedTo ? ` → ${organisationName(handedTo.name)}` : ''}
        </Typography>
      )}
      {entry.note && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {t('staff.inbox.publicNote', { note: entry.note })}
        </Typography>
      )}
    </Box>
  );
}

function ResolveForm({
  alert,
  organisation,
  others,
  busy,
  onCancel,
  onResolve,
}: {
  alert: InboxEntry['alert'];
  organisation: Organisation;
  others: Organisation[];
  busy: boolean;
  onCancel(): void;
  onResolve(change: StatusChangeBody): void;
}) {
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [handedTo, setHandedTo] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const targets = useHandOverTargets(alert, organisation.id, others);
  const outcomeId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (outcome === '' || (outcome === 'handed-over' && handedTo === '')) return setMissing(true);
    const text = note.trim();
    onResolve({ status: 'resolved', outcome, ...(text === '' ? {} : { note: text }), ...(outcome === 'handed-over' ? { handedTo } : {}) });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1, border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="resolve-form">
      <Typography id={outcomeId} sx={{ fontWeight: 600 }}>
        {t('staff.inbox.outcomeQuestion')}
      </Typography>
      <RadioGroup aria-labelledby={outcomeId} value={outcome} onChange={(e) => setOutcome(e.target.value as Outcome)}>
        {OUTCOMES.map((o) => (
          <FormControlLabel key={o} value={o} control={<Radio />} label={t(`staff.inbox.outcome.${o}`)} sx={{ minHeight: 44, mr: 0, py: 0.25, lineHeight: 1.3 }} />
        ))}
      </RadioGroup>
      {outcome === 'handed-over' && (
        <TextField
          select
          label={t('staff.inbox.handedTo')}
          value={handedTo}
          onChange={(e) => setHandedTo(e.target.value)}
          size="small"
          error={missing && handedTo === ''}
          helperText={targets.length === 0 ? t('staff.inbox.noTargets') : undefined}
          sx={FIELD_SX}
        >
          {targets.map((target) => (
            <MenuItem key={target.id} value={target.id} sx={{ minHeight: 44 }}>
              {organisationName(target.name)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label={t('staff.inbox.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        helperText={`${t('staff.inbox.noteHelp')} ${note.length}/${NOTE_MAX_LENGTH}`}
        // Above the box from the start: a long label (Ukrainian) is not cut short inside it.
        slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH }, inputLabel: { shrink: true } }}
      />
      {missing && (outcome === '' || (outcome === 'handed-over' && handedTo === '')) && (
        <Typography color="error" variant="body2" role="alert">
          {t(outcome === '' ? 'staff.inbox.chooseOutcome' : 'staff.inbox.chooseTarget')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('staff.inbox.confirmResolve')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('staff.inbox.cancel')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Its children (a map) drawn only once the box comes near the screen: a long inbox does not
 * build a map per entry at once. The box has its size from the start, so nothing moves.
 */
function WhenNear({ height, children }: { height: Record<string, number>; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && setNear(true), { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <Box ref={box} sx={{ height, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: '#e8f0e2' }}>
      {near && children}
    </Box>
  );
}
