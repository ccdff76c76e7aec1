/**
 * Official notices (/staff/notices, issue 33): a member of a service posts a notice for an area
 * and a time span, in one or more languages, and sees and removes the service's notices. The
 * area is a circle round a point (by default the centre of the map last looked at) or a polygon
 * whose corners are tapped on the form's small map.
 */
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LANGUAGES, NOTICE_DAYS_MAX, NOTICE_RADIUS_MAX_KM, NOTICE_TEXT_MAX, type Notice } from '@wildalert/shared';
import { language, t } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { shortDateTime } from '../../../lib/format.ts';
import { useMapView } from '../../../lib/map-view.ts';
import type { StaffMe } from '../../../lib/staff-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useNoticeOrganisations, useOrganisationNotices, usePostNotice, useRemoveNotice } from '../api/notices.ts';
import { addCorner, draftCircle, newDraft, noticeBody, type AreaKind, type Corner, type DraftProblem, type NoticeDraft } from './notice-draft.ts';
import { NoticeAreaMap } from './map/notice-area-map.tsx';
import { failureMessage } from './failure-messages.ts';
import { StaffLayout } from './staff-layout.tsx';
import { CardList, ConfirmButton, QueryState, StaffPage, StaffSection } from './staff-parts.tsx';

export default function StaffNoticesScreen() {
  useDocumentTitle(t('notices.staff.title'));
  return <StaffLayout role="responder">{(me) => <Notices me={me} />}</StaffLayout>;
}

function problemText(problem: DraftProblem): string {
  switch (problem) {
    case 'textTooLong':
      return t('notices.staff.problem.textTooLong', { max: NOTICE_TEXT_MAX });
    case 'radius':
      return t('notices.staff.problem.radius', { max: NOTICE_RADIUS_MAX_KM });
    case 'tooLong':
      return t('notices.staff.problem.tooLong', { days: NOTICE_DAYS_MAX });
    default:
      return t(`notices.staff.problem.${problem}`);
  }
}

/** The server's word on a refused notice (its `detail`, in English: a polygon's case the form cannot check), else the usual. */
const refusal = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.problem?.detail ? t('notices.staff.failed', { detail: error.problem.detail }) : failureMessage(error, 'other');

function Notices({ me }: { me: StaffMe }) {
  const organisations = useNoticeOrganisations();
  const [chosen, setChosen] = useState<string | undefined>();
  const organisationId = chosen ?? organisations.data?.[0]?.id;
  const lang = language();
  return (
    <StaffPage>
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1 }}>
        {t('notices.staff.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('notices.staff.intro')}
      </Typography>
      <QueryState query={organisations} empty={t('notices.staff.noOrganisation')}>
        {organisations.data && organisations.data.length > 1 && (
          <TextField select label={t('notices.staff.organisation')} value={organisationId ?? ''} onChange={(e) => setChosen(e.target.value)} sx={{ mb: 2, minWidth: 240 }}>
            {organisations.data.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name[lang] ?? o.name.pl}
              </MenuItem>
            ))}
          </TextField>
        )}
        {organisationId && (
          // A new form per service: what was typed for one is not posted for another.
          <NoticeForm key={organisationId} me={me} organisationId={organisationId} />
        )}
        {organisationId && <OrganisationNotices me={me} organisationId={organisationId} />}
      </QueryState>
    </StaffPage>
  );
}

function NoticeForm({ me, organisationId }: { me: StaffMe; organisationId: string }) {
  const { view } = useMapView();
  const [draft, setDraft] = useState<NoticeDraft>(() => newDraft(view, Date.now()));
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const post = usePostNotice(me, organisationId);
  const { reset } = post;
  const areaLabel = useId();
  // What was wrong with the draft is said until it changes: a message about corners undone since would mislead.
  const change = (over: Partial<NoticeDraft>) => {
    setDraft((d) => ({ ...d, ...over }));
    setProblem(null);
    post.reset();
  };
  const field = (name: Exclude<keyof NoticeDraft, 'areaKind' | 'corners'>) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => change({ [name]: e.target.value }),
  });
  const { areaKind, latitude, longitude, radiusKm, corners } = draft;
  // One object per circle or corner list, so the map redraws only when they change.
  const shape = useMemo(() => {
    if (areaKind === 'polygon') return { corners };
    const circle = draftCircle(latitude, longitude, radiusKm);
    return { circle: 'problem' in circle ? null : circle };
  }, [areaKind, latitude, longitude, radiusKm, corners]);
  const onTap = useCallback(
    ([lng, lat]: Corner) => {
      setDraft((d) => (d.areaKind === 'polygon' ? { ...d, corners: addCorner(d.corners, [lng, lat]) } : { ...d, latitude: lat.toFixed(5), longitude: lng.toFixed(5) }));
      setProblem(null);
      reset();
    },
    [reset],
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const made = noticeBody(draft, Date.now());
    if ('problem' in made) {
      setProblem(made.problem);
      return;
    }
    setProblem(null);
    post.mutate(made.body, { onSuccess: () => setDraft(newDraft(view, Date.now())) });
  };
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: 2, mb: 4, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="notice-form">
      {LANGUAGES.map((l) => (
        <TextField
          key={l}
          label={t('notices.staff.text', { language: t(`language.${l}`) })}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { lang: l, maxLength: NOTICE_TEXT_MAX } }}
          helperText={l === 'pl' ? t('notices.staff.textHelp', { max: NOTICE_TEXT_MAX }) : `${[...draft[l]].length}/${NOTICE_TEXT_MAX}`}
          {...field(l)}
        />
      ))}
      <Box>
        <Typography id={areaLabel} variant="subtitle2" component="p">
          {t('notices.staff.areaLabel')}
        </Typography>
        <RadioGroup row value={areaKind} onChange={(e) => change({ areaKind: e.target.value as AreaKind })} aria-labelledby={areaLabel}>
          {(['circle', 'polygon'] as const).map((kind) => (
            <FormControlLabel key={kind} value={kind} control={<Radio />} label={t(`notices.staff.area.${kind}`)} sx={{ minHeight: 44 }} />
          ))}
        </RadioGroup>
      </Box>
      {areaKind === 'circle' ? (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' }, gap: 2 }}>
            <TextField label={t('notices.staff.latitude')} inputMode="decimal" {...field('latitude')} />
            <TextField label={t('notices.staff.longitude')} inputMode="decimal" {...field('longitude')} />
            <TextField label={t('notices.staff.radius')} type="number" slotProps={{ htmlInput: { min: 0.1, max: NOTICE_RADIUS_MAX_KM, step: 0.1 } }} {...field('radiusKm')} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
            {t('notices.staff.placeHelp')}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {t('notices.staff.polygonHelp')}
        </Typography>
      )}
      <Box sx={{ height: { xs: 260, sm: 340 }, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
        <NoticeAreaMap start={view} shape={shape} label={t('notices.staff.areaMap')} onTap={onTap} />
      </Box>
      {areaKind === 'polygon' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: -1 }}>
          <Typography role="status" sx={{ flex: '1 1 auto' }} data-testid="notice-corners">
            {t('notices.staff.corners', { count: corners.length })}
          </Typography>
          <Button variant="outlined" disabled={corners.length === 0} onClick={() => change({ corners: corners.slice(0, -1) })} sx={{ minHeight: 44 }}>
            {t('notices.staff.undoCorner')}
          </Button>
          <Button color="error" disabled={corners.length === 0} onClick={() => change({ corners: [] })} sx={{ minHeight: 44 }}>
            {t('notices.staff.clearCorners')}
          </Button>
        </Box>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <TextField label={t('notices.staff.startsAt')} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} {...field('startsAt')} />
        <TextField label={t('notices.staff.endsAt')} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} {...field('endsAt')} />
      </Box>
      {problem && (
        <Alert severity="error" role="alert">
          {problemText(problem)}
        </Alert>
      )}
      {post.isError && (
        <Alert severity="error" role="alert">
          {refusal(post.error)}
        </Alert>
      )}
      {post.isSuccess && <Alert severity="success">{t('notices.staff.posted')}</Alert>}
      <Button type="submit" variant="contained" size="large" disabled={post.isPending} sx={{ alignSelf: 'flex-start', minHeight: 48 }}>
        {t('notices.staff.post')}
      </Button>
    </Paper>
  );
}

function OrganisationNotices({ me, organisationId }: { me: StaffMe; organisationId: string }) {
  const notices = useOrganisationNotices(organisationId);
  const remove = useRemoveNotice(me, organisationId);
  const now = Date.now();
  const lang = language();
  return (
    <StaffSection id="notices-current" title={t('notices.staff.current')}>
      <QueryState query={notices} empty={t('notices.staff.none')}>
        <CardList label={t('notices.staff.current')}>
          {notices.data?.map((notice: Notice) => (
            <Paper component="li" variant="outlined" key={notice.id} sx={{ p: 1.5 }} data-testid="staff-notice">
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{notice.text[lang] ?? LANGUAGES.map((l) => notice.text[l]).find(Boolean)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {shortDateTime(notice.startsAt)} – {shortDateTime(notice.endsAt)}
                {Date.parse(notice.endsAt) <= now ? ` · ${t('notices.staff.ended')}` : ''}
              </Typography>
              {Date.parse(notice.endsAt) > now && (
                <ConfirmButton
                  size="small"
                  sx={{ mt: 1, minHeight: 44 }}
                  label={t('notices.staff.remove')}
                  confirmLabel={t('notices.staff.confirmRemove')}
                  disabled={remove.isPending}
                  onConfirm={() => remove.mutate(notice.id)}
                />
              )}
            </Paper>
          ))}
        </CardList>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failureMessage(remove.error, 'other')}
          </Alert>
        )}
      </QueryState>
    </StaffSection>
  );
}
