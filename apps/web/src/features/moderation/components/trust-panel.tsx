/**
 * Trust at a glance on a moderated alert (issue 35): its verification level, why a plausibility
 * check holds it, the verdicts (confirm at once; correct the animal or reject, each in a dialog)
 * and, on request, the history of its level.
 */
import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ANIMALS, REJECTION_REASONS, VERIFICATION_NOTE_MAX, type VerificationDecision } from '@wildalert/shared';
import { VerificationLevel } from '../../../components/verification.tsx';
import { animalNameOf, t, type MessageKey } from '../../../i18n/i18n.ts';
import { fullDateTime } from '../../../lib/format.ts';
import type { StaffMe } from '../../../lib/staff-session.ts';
import { useVerdict, useVerificationHistory, type ModeratedAlert, type Verdict } from '../api/moderation-api.ts';
import { verdictFailure } from './verdict-failure.ts';

const TARGET = { minHeight: 44 };
type Rejection = (typeof REJECTION_REASONS)[number];

export interface TrustPanelProps {
  item: ModeratedAlert;
  me: StaffMe;
  /** Another decision on the screen is under way. */
  busy: boolean;
  onNotice(notice: { ok: boolean; text: string }): void;
}

export function TrustPanel({ item, me, busy, onNotice }: TrustPanelProps) {
  const { alert } = item;
  const { level } = alert.verification;
  const verdict = useVerdict(me);
  const [dialog, setDialog] = useState<'correct' | 'reject' | null>(null);
  const headingId = useId();
  // Checks hold an alert only until it is backed or a person decides: after that they are history.
  const held = item.checks.length > 0 && (level === 'unverified' || level === 'likely');
  const send = (v: Verdict, done: MessageKey, after?: () => void) =>
    verdict.mutate(v, {
      onSuccess: () => {
        after?.();
        onNotice({ ok: true, text: t(done) });
      },
      onError: (error) => {
        // Inside a dialog the dialog says it, beside what was typed.
        if (!after) onNotice({ ok: false, text: verdictFailure(error) });
      },
    });
  const disabled = busy || verdict.isPending;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle2" component="h4" id={headingId}>
        {t('moderation.trust.title')}
      </Typography>
      <Box data-testid="moderation-level">
        {level === 'unverified' ? <Typography sx={{ fontWeight: 600 }}>{t('moderation.trust.unverified')}</Typography> : <VerificationLevel verification={alert.verification} animal={alert.animal} />}
      </Box>
      {held && (
        <Alert severity="warning" sx={{ py: 0 }}>
          <Typography variant="body2" component="span" data-testid="moderation-checks" sx={{ display: 'block', fontWeight: 600 }}>
            {t('moderation.trust.heldFor', { reasons: item.checks.map((c) => t(`moderation.trust.check.${c}`)).join('; ') })}
          </Typography>
          <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }}>
            {t('moderation.trust.heldExplain')}
          </Typography>
        </Alert>
      )}
      {/* A hidden alert takes no verdict (the API answers 404): restore it first. */}
      {!item.hidden && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            color="success"
            disabled={disabled || level === 'confirmed'}
            onClick={() => send({ alertId: alert.id, decision: { level: 'confirmed' } }, 'moderation.trust.done.confirmed')}
            sx={TARGET}
          >
            {t('moderation.trust.confirm')}
          </Button>
          <Button variant="outlined" disabled={disabled} onClick={() => setDialog('correct')} sx={TARGET}>
            {t('moderation.trust.correct')}
          </Button>
          <Button variant="outlined" color="error" disabled={disabled} onClick={() => setDialog('reject')} sx={TARGET}>
            {t('moderation.trust.reject')}
          </Button>
        </Box>
      )}
      <VerdictDialog
        kind={dialog}
        animal={alert.animal}
        pending={verdict.isPending}
        failure={verdict.isError && dialog ? verdictFailure(verdict.error) : undefined}
        onClose={() => {
          if (verdict.isPending) return;
          setDialog(null);
          verdict.reset();
        }}
        onSend={(decision, hide) =>
          send({ alertId: alert.id, decision, hide }, decision.level === 'corrected' ? 'moderation.trust.done.corrected' : hide ? 'moderation.trust.done.rejectedHidden' : 'moderation.trust.done.rejected', () =>
            setDialog(null),
          )
        }
      />
      <History alertId={alert.id} />
    </Box>
  );
}

interface VerdictDialogProps {
  kind: 'correct' | 'reject' | null;
  animal: string;
  pending: boolean;
  failure: string | undefined;
  onClose(): void;
  onSend(decision: VerificationDecision, hide: boolean): void;
}

/** One dialog for both verdicts that need words; a new form each time it opens. */
function VerdictDialog({ kind, ...props }: VerdictDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={kind !== null} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" sx={{ '& .MuiDialog-paper': { mx: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } }}>
      {kind === 'correct' && <CorrectForm titleId={titleId} {...props} />}
      {kind === 'reject' && <RejectForm titleId={titleId} {...props} />}
    </Dialog>
  );
}

type FormProps = Omit<VerdictDialogProps, 'kind'> & { titleId: string };

function CorrectForm({ titleId, animal, pending, failure, onClose, onSend }: FormProps) {
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = ANIMALS.find((a) => a.key === to);
    if (!chosen) return setMissing(true);
    onSend({ level: 'corrected', animal: chosen.key, ...(note.trim() === '' ? {} : { note: note.trim() }) }, false);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{t('moderation.trust.correctTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('moderation.trust.correctExplain', { animal: animalNameOf(animal) })}</DialogContentText>
        <TextField
          select
          required
          label={t('moderation.trust.rightAnimal')}
          value={to}
          onChange={(e) => {
            setTo(e.target.value);
            setMissing(false);
          }}
          error={missing}
          helperText={missing ? t('moderation.trust.animalMissing') : undefined}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            {t('moderation.trust.pickAnimal')}
          </option>
          {/* The catalogue GET /Animals serves, from the same shared module; the animal as reported is no correction. */}
          {ANIMALS.map((a) => (
            <option key={a.key} value={a.key} disabled={a.key === animal}>
              {animalNameOf(a.key)}
            </option>
          ))}
        </TextField>
        <NoteField value={note} onChange={setNote} />
        {failure && <Alert severity="error">{failure}</Alert>}
      </DialogContent>
      <Actions pending={pending} onClose={onClose} submit={t('moderation.trust.saveCorrection')} />
    </Box>
  );
}

function RejectForm({ titleId, pending, failure, onClose, onSend }: FormProps) {
  const [reason, setReason] = useState<Rejection | ''>('');
  const [note, setNote] = useState('');
  const [hide, setHide] = useState(false);
  const [tried, setTried] = useState(false);
  const reasonId = useId();
  const hideHelpId = useId();
  const reasonMissing = tried && reason === '';
  // "Other" is shown to the public as "see the note": without one it would point at nothing.
  const noteMissing = tried && reason === 'other' && note.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (reason === '' || (reason === 'other' && note.trim() === '')) return;
    onSend({ level: 'rejected', reason, ...(note.trim() === '' ? {} : { note: note.trim() }) }, hide);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{t('moderation.trust.rejectTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('moderation.trust.rejectExplain')}</DialogContentText>
        <FormControl required error={reasonMissing}>
          <FormLabel id={`${reasonId}-label`}>{t('moderation.trust.reason')}</FormLabel>
          <RadioGroup
            aria-labelledby={`${reasonId}-label`}
            aria-invalid={reasonMissing}
            aria-describedby={reasonMissing ? `${reasonId}-error` : undefined}
            value={reason}
            onChange={(e) => setReason(e.target.value as Rejection)}
          >
            {REJECTION_REASONS.map((r) => (
              <FormControlLabel key={r} value={r} control={<Radio />} label={t(`moderation.trust.reason.${r}`)} sx={{ minHeight: 44, mr: 0 }} />
            ))}
          </RadioGroup>
          {reasonMissing && <FormHelperText id={`${reasonId}-error`}>{t('moderation.trust.reasonMissing')}</FormHelperText>}
        </FormControl>
        <NoteField value={note} onChange={setNote} required={reason === 'other'} error={noteMissing ? t('moderation.trust.noteMissing') : undefined} />
        <Box>
          <FormControlLabel
            control={<Checkbox checked={hide} onChange={(e) => setHide(e.target.checked)} slotProps={{ input: { 'aria-describedby': hideHelpId } }} />}
            label={t('moderation.trust.hide')}
            sx={{ minHeight: 44, mr: 0 }}
          />
          <FormHelperText id={hideHelpId} sx={{ mt: 0 }}>
            {t('moderation.trust.hideHelp')}
          </FormHelperText>
        </Box>
        {failure && <Alert severity="error">{failure}</Alert>}
      </DialogContent>
      <Actions pending={pending} onClose={onClose} submit={t('moderation.trust.doReject')} danger />
    </Box>
  );
}

function NoteField({ value, onChange, required = false, error }: { value: string; onChange(v: string): void; required?: boolean; error?: string }) {
  return (
    <TextField
      multiline
      minRows={2}
      required={required}
      label={t(required ? 'moderation.trust.noteRequired' : 'moderation.trust.note')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error !== undefined}
      helperText={error ?? t('moderation.trust.noteHelp', { count: value.length, max: VERIFICATION_NOTE_MAX })}
      // Always above the field: as a placeholder it is cut short on a 320 px phone.
      slotProps={{ htmlInput: { maxLength: VERIFICATION_NOTE_MAX }, inputLabel: { shrink: true } }}
    />
  );
}

function Actions({ pending, onClose, submit, danger = false }: { pending: boolean; onClose(): void; submit: string; danger?: boolean }) {
  return (
    // Side by side down to 320 px in most languages; a longer pair wraps, the main action last.
    <DialogActions sx={{ px: { xs: 2, sm: 3 }, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
      <Button onClick={onClose} disabled={pending} sx={TARGET}>
        {t('moderation.trust.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        color={danger ? 'error' : 'primary'}
        disabled={pending}
        startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        sx={TARGET}
      >
        {pending ? t('moderation.trust.saving') : submit}
      </Button>
    </DialogActions>
  );
}

const LEVEL_WORDS = (level: string) => (['unverified', 'likely', 'confirmed', 'corrected', 'rejected'].includes(level) ? t(`moderation.trust.level.${level}` as MessageKey) : level);
const BY_WORDS = (by: string) =>
  (['photo', 'still-there', 'independent-report', 'automatic', 'organisation', 'moderator'].includes(by) ? t(`moderation.trust.by.${by}` as MessageKey) : by);

/** The alert's changes of level, loaded when opened (GET /moderation/alerts/{id}/verification). */
function History({ alertId }: { alertId: string }) {
  const [open, setOpen] = useState(false);
  const history = useVerificationHistory(alertId, open);
  const listId = useId();
  return (
    <Box>
      <Button size="small" aria-expanded={open} aria-controls={open ? listId : undefined} onClick={() => setOpen(!open)} sx={{ ...TARGET, px: 1, ml: -1 }}>
        {t('moderation.trust.history')}
      </Button>
      {open && (
        <Box id={listId}>
          {history.isPending ? (
            <CircularProgress size={20} aria-label={t('moderation.loading')} />
          ) : history.isError ? (
            <Typography variant="body2" color="error">
              {t('moderation.trust.historyFailed')}
            </Typography>
          ) : history.data.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('moderation.trust.historyEmpty')}
            </Typography>
          ) : (
            <Box component="ol" sx={{ m: 0, pl: 2.5 }} data-testid="verification-history">
              {history.data.map((c) => (
                <li key={c.at + c.level}>
                  <Typography variant="body2">
                    {fullDateTime(c.at)}: {t('moderation.trust.change', { from: LEVEL_WORDS(c.previousLevel), to: LEVEL_WORDS(c.level), by: BY_WORDS(c.by) })}
                    {c.animalFrom && c.animalTo && ` (${animalNameOf(c.animalFrom)} → ${animalNameOf(c.animalTo)})`}
                    {c.reason && ` (${t(`moderation.trust.reason.${c.reason}` as MessageKey)})`}
                  </Typography>
                  {c.note && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {c.note}
                    </Typography>
                  )}
                </li>
              ))}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
