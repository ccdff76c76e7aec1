/**
 * Organisations (/staff/organisations, admin): the list, and one organisation's form
 * (/staff/organisations/{id}, or …/new): its name in three languages, phone and web address,
 * area (everywhere, a circle, or a pasted GeoJSON polygon, previewed on a small map), what lands
 * in its inbox, what it is the number to call about, its hours, whether it has an inbox at all,
 * its monthly report by e-mail, and its members. The server's field errors are shown at their fields.
 */
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BEHAVIOURS, type Organisation } from '@wildalert/shared';
import { paths, organisationPath, webhooksPath } from '../../../config/paths.ts';
import { t } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { StaffMe } from '../../../lib/staff-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAccounts } from '../api/accounts.ts';
import { useDeleteOrganisation, useMembership, useOrganisation, useOrganisations, useSaveOrganisation } from '../api/organisations.ts';
import { bodyFromForm, formArea, formErrorsFromProblem, formFromOrganisation, type FormErrors, type OrganisationForm } from '../hooks/organisation-form.ts';
import { failureMessage } from './failure-messages.ts';
import { behaviourName, ChipChoice, HoursField, RulesField } from './organisation-fields.tsx';
import { AreaPreview } from './map/area-preview.tsx';
import { MonthlyReportSection } from './monthly-report-section.tsx';
import { organisationName } from './organisation-name.ts';
import { StaffLayout } from './staff-layout.tsx';
import { CardList, ConfirmButton, FIELD_SX, Loading, QueryState, StaffPage, StaffSection } from './staff-parts.tsx';

export default function StaffOrganisationsScreen() {
  const { id } = useParams();
  return <StaffLayout role="admin">{(me) => (id === undefined ? <OrganisationList /> : <OrganisationPage id={id === 'new' ? null : id} me={me} />)}</StaffLayout>;
}

function OrganisationList() {
  useDocumentTitle(t('staff.organisations.title'));
  const organisations = useOrganisations();
  return (
    <StaffPage>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mt: 1, mb: 2 }}>
        <Typography variant="h5" component="h1">
          {t('staff.organisations.title')}
        </Typography>
        <Button variant="contained" component={RouterLink} to={organisationPath('new')}>
          {t('staff.organisations.new')}
        </Button>
      </Box>
      <QueryState query={organisations} empty={t('staff.organisations.empty')}>
        <CardList label={t('staff.organisations.title')}>
          {organisations.data?.map((organisation) => (
            <Paper component="li" variant="outlined" key={organisation.id} sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="organisation">
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {organisationName(organisation.name)}
                  </Typography>
                  <Chip size="small" label={organisation.inbox ? t('staff.organisations.hasInbox') : t('staff.organisations.phoneOnly')} color={organisation.inbox ? 'primary' : 'default'} />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {[organisation.phone, areaLine(organisation), t('staff.organisations.members', { count: organisation.members.length })].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
              <Button variant="outlined" component={RouterLink} to={organisationPath(organisation.id)} aria-label={t('staff.organisations.editNamed', { name: organisationName(organisation.name) })}>
                {t('staff.organisations.edit')}
              </Button>
            </Paper>
          ))}
        </CardList>
      </QueryState>
    </StaffPage>
  );
}

function areaLine(organisation: Organisation): string {
  const area = organisation.area;
  if (area === null) return t('staff.organisations.areaEverywhereLine');
  if ('type' in area) return t('staff.organisations.areaPolygonLine');
  return t('staff.organisations.areaCircleLine', { km: area.radiusKm });
}

/** One organisation: loaded, then its form; a new one's form at once. */
function OrganisationPage({ id, me }: { id: string | null; me: StaffMe }) {
  const organisation = useOrganisation(id);
  useDocumentTitle(id === null ? t('staff.organisations.newTitle') : organisation.data ? organisationName(organisation.data.name) : t('staff.organisations.title'));
  return (
    <StaffPage>
      <Button component={RouterLink} to={paths.staffOrganisations} sx={{ mt: 1, ml: -1 }}>
        {t('staff.organisations.back')}
      </Button>
      {id === null ? (
        <OrganisationEditor me={me} />
      ) : organisation.isPending ? (
        <Loading tall />
      ) : organisation.isError ? (
        <Alert severity="error" sx={{ mt: 2 }} action={<Button color="inherit" onClick={() => void organisation.refetch()}>{t('staff.retry')}</Button>}>
          {organisation.error instanceof ApiError && organisation.error.status === 404 ? t('staff.organisations.notFound') : failureMessage(organisation.error, 'other')}
        </Alert>
      ) : (
        // A fresh form for each organisation (and after it was saved elsewhere and loaded anew).
        <OrganisationEditor key={organisation.data.id} me={me} organisation={organisation.data} />
      )}
    </StaffPage>
  );
}

function OrganisationEditor({ me, organisation }: { me: StaffMe; organisation?: Organisation }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState<OrganisationForm>(() => formFromOrganisation(organisation));
  const [errors, setErrors] = useState<FormErrors>({});
  // A new one is saved, then shown at its own address by a form of its own: it says so there too.
  const [saved, setSaved] = useState(() => (location.state as { created?: boolean } | null)?.created === true);
  const save = useSaveOrganisation(me);
  const remove = useDeleteOrganisation(me);
  const change = (next: Partial<OrganisationForm>) => {
    setForm((f) => ({ ...f, ...next }));
    setSaved(false);
  };
  const title = organisation ? organisationName(organisation.name) : t('staff.organisations.newTitle');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = bodyFromForm(form);
    setSaved(false);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    save.mutate(
      { id: organisation?.id ?? null, body: checked.body },
      {
        onSuccess: (result) => {
          setSaved(true);
          if (!organisation) void navigate(organisationPath(result.id), { replace: true, state: { created: true } });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length > 0) setErrors(formErrorsFromProblem(error.fieldErrors));
        },
      },
    );
  };
  const fieldFailed = save.error instanceof ApiError && save.error.status === 400 && Object.keys(save.error.fieldErrors).length > 0;
  const area = formArea(form);

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate aria-label={title} sx={{ display: 'grid', gap: 1 }}>
        <StaffSection id="organisation-names" title={t('staff.organisations.names')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            {(['pl', 'en', 'uk'] as const).map((lang) => (
              <TextField
                key={lang}
                label={t(`staff.organisations.name.${lang}`)}
                value={form.name[lang]}
                onChange={(e) => change({ name: { ...form.name, [lang]: e.target.value } })}
                required={lang === 'pl'}
                error={!!errors[`name.${lang}`]}
                helperText={errors[`name.${lang}`]}
                size="small"
                sx={FIELD_SX}
                slotProps={{ htmlInput: { maxLength: 200, lang } }}
              />
            ))}
          </Box>
        </StaffSection>

        <StaffSection id="organisation-contact" title={t('staff.organisations.contact')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
            <TextField
              label={t('staff.organisations.phone')}
              value={form.phone}
              onChange={(e) => change({ phone: e.target.value })}
              error={!!errors.phone}
              helperText={errors.phone ?? t('staff.organisations.phoneHelp')}
              size="small"
              sx={FIELD_SX}
              slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 21 } }}
            />
            <TextField
              label={t('staff.organisations.url')}
              value={form.url}
              onChange={(e) => change({ url: e.target.value })}
              error={!!errors.url}
              helperText={errors.url ?? t('staff.organisations.urlHelp')}
              size="small"
              sx={FIELD_SX}
              slotProps={{ htmlInput: { inputMode: 'url', maxLength: 500 } }}
            />
          </Box>
        </StaffSection>

        <StaffSection id="organisation-area" title={t('staff.organisations.areaTitle')}>
          <RadioGroup row value={form.areaKind} onChange={(e) => change({ areaKind: e.target.value as OrganisationForm['areaKind'] })} aria-labelledby="organisation-area">
            {(['everywhere', 'circle', 'polygon'] as const).map((kind) => (
              <FormControlLabel key={kind} value={kind} control={<Radio />} label={t(`staff.organisations.area.${kind}`)} sx={{ minHeight: 44 }} />
            ))}
          </RadioGroup>
          {form.areaKind === 'circle' && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, mt: 1 }}>
              {(['latitude', 'longitude', 'radiusKm'] as const).map((part) => (
                <TextField
                  key={part}
                  label={t(`staff.organisations.circle.${part}`)}
                  value={form.circle[part]}
                  onChange={(e) => change({ circle: { ...form.circle, [part]: e.target.value } })}
                  error={!!errors.area}
                  size="small"
                  sx={FIELD_SX}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              ))}
            </Box>
          )}
          {form.areaKind === 'polygon' && (
            <TextField
              label={t('staff.organisations.polygon')}
              value={form.polygon}
              onChange={(e) => change({ polygon: e.target.value })}
              error={!!errors.area}
              helperText={t('staff.organisations.polygonHelp')}
              multiline
              minRows={3}
              maxRows={8}
              fullWidth
              sx={{ mt: 1, '& textarea': { fontFamily: 'monospace', fontSize: '0.8125rem' } }}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
          )}
          {errors.area && (
            <Typography color="error" variant="body2" role="alert" sx={{ mt: 0.5 }}>
              {errors.area}
            </Typography>
          )}
          <Box sx={{ height: { xs: 200, sm: 260 }, mt: 1.5, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
            <AreaPreview area={area ?? null} label={t('staff.organisations.areaMap')} />
          </Box>
        </StaffSection>

        <StaffSection id="organisation-inbox" title={t('staff.organisations.inboxTitle')} intro={t('staff.organisations.inboxIntro')}>
          <FormControlLabel
            control={<Switch checked={form.inbox} onChange={(e) => change({ inbox: e.target.checked })} />}
            label={t('staff.organisations.inbox')}
            sx={{ minHeight: 44, mb: 1 }}
          />
          {errors.inbox && <Typography color="error" variant="body2">{errors.inbox}</Typography>}
          <RulesField rules={form.rules} error={errors.rules} onChange={(rules) => change({ rules })} />
        </StaffSection>

        <StaffSection id="organisation-call-for" title={t('staff.organisations.callForTitle')} intro={t('staff.organisations.callForIntro')}>
          <ChipChoice label={t('staff.organisations.callFor')} options={BEHAVIOURS} value={form.callFor} name={behaviourName} onChange={(callFor) => change({ callFor: callFor ?? [] })} />
          {errors.callFor && <Typography color="error" variant="body2">{errors.callFor}</Typography>}
        </StaffSection>

        <StaffSection id="organisation-hours" title={t('staff.organisations.hoursTitle')} intro={t('staff.organisations.hoursIntro')}>
          <FormControlLabel control={<Switch checked={form.always} onChange={(e) => change({ always: e.target.checked })} />} label={t('staff.organisations.always')} sx={{ minHeight: 44, mb: 1 }} />
          {!form.always && <HoursField rows={form.hours} error={errors.hours} onChange={(hours) => change({ hours })} />}
          {form.always && errors.hours && <Typography color="error" variant="body2">{errors.hours}</Typography>}
        </StaffSection>

        <Box role="status" aria-live="polite">
          {Object.keys(errors).length > 0 && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {errors.form ?? t('staff.organisations.errors.summary')}
            </Alert>
          )}
          {save.isError && !fieldFailed && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {failureMessage(save.error, 'other')}
            </Alert>
          )}
          {saved && (
            <Alert severity="success" sx={{ mb: 1 }}>
              {t('staff.organisations.saved')}
            </Alert>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ px: 4 }}>
            {organisation ? t('staff.organisations.save') : t('staff.organisations.create')}
          </Button>
          {organisation && (
            <ConfirmButton
              label={t('staff.organisations.delete')}
              confirmLabel={t('staff.organisations.confirmDelete')}
              disabled={remove.isPending}
              sx={{ ml: 'auto' }}
              onConfirm={() => remove.mutate(organisation.id, { onSuccess: () => void navigate(paths.staffOrganisations, { replace: true }) })}
            />
          )}
        </Box>
        {remove.isError && (
          <Alert severity="error" role="alert">
            {failureMessage(remove.error, 'other')}
          </Alert>
        )}
      </Box>
      {organisation && (
        <Box sx={{ mt: 4 }}>
          <StaffSection id="organisation-webhooks" title={t('staff.organisations.webhooks')} intro={t('staff.organisations.webhooksIntro')}>
            <Button variant="outlined" component={RouterLink} to={webhooksPath(organisation.id)}>
              {t('staff.organisations.webhooks')}
            </Button>
          </StaffSection>
        </Box>
      )}
      {organisation && <MonthlyReportSection me={me} organisationId={organisation.id} />}
      {organisation ? (
        <Members me={me} organisation={organisation} />
      ) : (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          {t('staff.organisations.membersAfterCreate')}
        </Typography>
      )}
    </>
  );
}

function Members({ me, organisation }: { me: StaffMe; organisation: Organisation }) {
  const accounts = useAccounts();
  const membership = useMembership(me);
  const [chosen, setChosen] = useState('');
  const memberIds = new Set(organisation.members.map((m) => m.id));
  const candidates = (accounts.data ?? []).filter((account) => !memberIds.has(account.id) && !account.disabled);
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (chosen === '') return;
    membership.mutate({ organisationId: organisation.id, accountId: chosen, add: true }, { onSuccess: () => setChosen('') });
  };
  return (
    <Box sx={{ mt: 4 }}>
      <StaffSection id="organisation-members" title={t('staff.organisations.membersTitle')} intro={t('staff.organisations.membersIntro')}>
        {organisation.members.length === 0 ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('staff.organisations.noMembers')}
          </Typography>
        ) : (
          <CardList label={t('staff.organisations.membersTitle')}>
            {organisation.members.map((member) => (
              <Paper component="li" variant="outlined" key={member.id} sx={{ p: 1, pl: 1.5, display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{member.name}</Typography>
                <ConfirmButton
                  label={t('staff.organisations.removeMember')}
                  confirmLabel={t('staff.organisations.confirmRemoveMember')}
                  aria-label={t('staff.organisations.removeMemberNamed', { name: member.name })}
                  disabled={membership.isPending}
                  onConfirm={() => membership.mutate({ organisationId: organisation.id, accountId: member.id, add: false })}
                />
              </Paper>
            ))}
          </CardList>
        )}
        <Box component="form" onSubmit={add} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 2 }}>
          <TextField
            select
            label={t('staff.organisations.addMemberLabel')}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            size="small"
            disabled={accounts.isPending || candidates.length === 0}
            helperText={accounts.isError ? t('staff.loadFailed') : candidates.length === 0 && !accounts.isPending ? t('staff.organisations.noCandidates') : undefined}
            sx={{ flex: '1 1 220px', ...FIELD_SX }}
          >
            {candidates.map((account) => (
              <MenuItem key={account.id} value={account.id} sx={{ minHeight: 44 }}>
                {account.name} ({t(`staff.role.${account.role}`)})
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={membership.isPending || chosen === ''}>
            {t('staff.organisations.addMember')}
          </Button>
        </Box>
        {membership.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {failureMessage(membership.error, 'other')}
          </Alert>
        )}
      </StaffSection>
    </Box>
  );
}
