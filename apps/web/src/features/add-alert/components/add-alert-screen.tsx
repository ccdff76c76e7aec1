/**
 * Adding an alert (/addAlert): animal, place, optional description, "Zgłoś". What the visitor
 * typed is kept through reloads and failures until the server has stored it.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { DEFAULT_LICENCE, type Alert as AlertData, type CreateAlertBody, type Photo } from '@wildalert/shared';
import { alertPath, paths } from '../../../config/paths.ts';
import { ApiError, isOffline } from '../../../lib/api-client.ts';
import { knownPosition } from '../../../lib/geolocation.ts';
import { mapView } from '../../../lib/map-view.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { MapLocationState } from '../../../lib/navigation-state.ts';
import type * as ValidateAlert from '../api/validate-alert.ts';
import { formFieldErrors, type FormErrors } from '../hooks/field-messages.ts';
import { newIdempotencyKey, useDraft } from '../hooks/use-draft.ts';
import { AnimalChoice } from './animal-choice.tsx';
import { CommentsField } from './comments-field.tsx';
import { DuplicateHint } from './duplicate-hint.tsx';
import { LocationPicker } from './location-picker.tsx';
import { t } from '../../../i18n/i18n.ts';
import { inTime } from '../../../lib/format.ts';
import { PhotoPicker, type ChosenPhoto } from './photo-picker.tsx';
import { SightingFields } from './sighting-fields.tsx';
import { LicenceChoice } from './licence-choice.tsx';
import { saveLicenceAnswer, savedLicenceAnswer, type LicenceAnswer } from '../hooks/licence-answer.ts';

interface SendFailure {
  message: string;
  /** Offer to send again (network, server trouble). */
  retry: boolean;
  /** The key was used for another version of this alert: offer to send it as a new one. */
  sendAsNew?: boolean;
}

/** A photo as the outbox keeps it: its bytes and its upload's Idempotency-Key. */
interface PhotoToSend {
  key: string;
  blob: Blob;
}

/** An alert on its way, as the outbox tells it. */
interface SendProgress {
  /** A request of it is under way. */
  sending: boolean;
  /** Everything went (refused photos aside). */
  done: boolean;
  /** The server stored it: as it answered. */
  alert?: AlertData;
  /** Photos still to send, or refused. */
  photos: readonly unknown[];
  /** Photos the server stored, as it answered them. */
  sentPhotos: readonly Photo[];
  /** The last try failed: no connection, the server busy or refusing (with `refused`, for good). */
  failure?: ApiError;
}

/**
 * The outbox, the only thing that sends: the form queues the alert there under its key, with
 * its photos, and watches it go. What cannot go now waits there; what the server will not take
 * now, the form takes back and shows why.
 */
interface AlertOutbox {
  queue(idempotencyKey: string, body: CreateAlertBody, photos: readonly PhotoToSend[]): Promise<void>;
  cancel(idempotencyKey: string): Promise<void>;
  subscribe(onChange: () => void): () => void;
  entry(idempotencyKey: string): SendProgress | undefined;
}

interface AddAlertScreenProps {
  outbox: AlertOutbox;
}

/** The form's checks (TypeBox), loaded on first need: drawing the form needs none of them. */
let checks: Promise<typeof ValidateAlert> | undefined;
function loadChecks() {
  checks ??= import('../api/validate-alert.ts').catch((error: unknown) => {
    checks = undefined; // the next press tries again
    throw error;
  });
  return checks;
}

export default function AddAlertScreen({ outbox }: AddAlertScreenProps) {
  useDocumentTitle(t('addAlert.title'));
  const navigate = useNavigate();
  const { draft, update, clear } = useDraft(knownPosition);
  const [fallback] = useState(() => knownPosition() ?? mapView.get().view);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [photos, setPhotos] = useState<readonly ChosenPhoto[]>([]);
  /** The open-data answer given on this device before; else the question, CC BY 4.0 offered first (licences.ts says why). */
  const [answeredBefore] = useState(() => savedLicenceAnswer() !== undefined);
  const [licence, setLicence] = useState<LicenceAnswer>(() => savedLicenceAnswer() ?? DEFAULT_LICENCE);
  /** The alert on its way (its key), until it is stored, waits in the outbox, or is refused. */
  const [sendingKey, setSendingKey] = useState<string | null>(null);
  const progress = useSyncExternalStore(outbox.subscribe, () => (sendingKey === null ? undefined : outbox.entry(sendingKey)));
  /** Stops watching the alert on its way (the form left, or the alert settled). */
  const unwatch = useRef<() => void>(undefined);
  useEffect(() => () => unwatch.current?.(), []);
  /** Photos sent so far, once the alert is stored and its photos follow. */
  const uploading = progress?.alert && !progress.done ? { done: progress.sentPhotos.length, all: progress.sentPhotos.length + progress.photos.length } : null;
  const busy = sendingKey !== null;
  const preparing = photos.some((p) => !p.blob);

  const ready = draft.animal !== null && draft.location !== null && !preparing;

  /** Between pressing "Zgłoś" and the checks' module arriving: a second press waits. */
  const checking = useRef(false);

  const send = async (idempotencyKey = draft.idempotencyKey) => {
    if (busy || preparing || checking.current || !draft.animal || !draft.location) return;
    const body: CreateAlertBody = {
      latitude: draft.location.latitude,
      longitude: draft.location.longitude,
      animal: draft.animal,
      ...(draft.comments.trim() === '' ? {} : { comments: draft.comments }),
      ...(draft.howMany === null ? {} : { howMany: draft.howMany }),
      ...(draft.young === null ? {} : { young: draft.young }),
      ...(draft.behaviour === null ? {} : { behaviour: draft.behaviour }),
      ...(licence === 'none' ? {} : { licence }),
    };
    checking.current = true;
    const invalid = await loadChecks().then(
      ({ validateAlert }) => formFieldErrors(validateAlert(body)),
      // Not loadable (a lost chunk): the server runs the same checks and answers in Polish too.
      (): FormErrors => ({}),
    );
    checking.current = false;
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      setFailure({ message: t('addAlert.errors.summary'), retry: false });
      requestAnimationFrame(() => failureRef.current?.focus());
      return;
    }
    setFailure(null);
    // Sent with the question on screen: that is this device's answer from now on.
    saveLicenceAnswer(licence);
    const toSend = photos.flatMap((p) => (p.blob ? [{ key: p.key, blob: p.blob }] : []));
    const done = (state?: MapLocationState) => {
      clear();
      setPhotos([]);
      void navigate(paths.map, { replace: true, ...(state ? { state } : {}) });
    };
    checking.current = true; // a second press waits for the copy, too
    // Without a connection the outbox keeps it (with its key and its photos) and sends it when the network returns.
    const offline = isOffline();
    await outbox.queue(idempotencyKey, body, toSend);
    checking.current = false;
    if (offline) {
      done();
      return;
    }
    setSendingKey(idempotencyKey);
    /** Acts once the alert's first go ends; whether it has. */
    const settle = (entry: SendProgress | undefined): boolean => {
      // Taken out meanwhile: nothing to show.
      if (!entry) return true;
      // Stored; what of its photos could not go waits in the outbox.
      if (entry.alert && (entry.done || (entry.failure && !entry.sending))) {
        const known = new Set(entry.alert.photos.map((p) => p.id));
        done({ createdAlert: { ...entry.alert, photos: [...entry.alert.photos, ...entry.sentPhotos.filter((p) => !known.has(p.id))] } });
        return true;
      }
      const error = entry.failure;
      if (!error || entry.sending) return false;
      if (isOffline(error)) {
        done();
        return true;
      }
      // Not taken now, or not at all: the visitor sees why and decides, with the form as it was.
      void outbox.cancel(idempotencyKey).catch(() => undefined);
      const f = describeFailure(error);
      setErrors(formFieldErrors(error.fieldErrors));
      setFailure(f);
      // After the alert is rendered: move the focus there so it is read out.
      requestAnimationFrame(() => failureRef.current?.focus());
      return true;
    };
    const watch = () => {
      if (!settle(outbox.entry(idempotencyKey))) return;
      unwatch.current?.();
      unwatch.current = undefined;
      setSendingKey(null);
    };
    unwatch.current = outbox.subscribe(watch);
    watch();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };

  const sendAsNew = () => {
    const key = newIdempotencyKey();
    update({ idempotencyKey: key });
    void send(key);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      // The checks load while the visitor fills the form in, so sending does not wait for them.
      onChange={() => void loadChecks().catch(() => undefined)}
      aria-busy={busy}
      aria-labelledby="add-alert-title"
      sx={{ maxWidth: 640, mx: 'auto', px: 2, pt: 2, display: 'flex', flexDirection: 'column', gap: 3 }}
    >
      <Typography variant="h5" component="h1" id="add-alert-title">
        {t('addAlert.title')}
      </Typography>
      <AnimalChoice
        value={draft.animal}
        onChange={(animal) => {
          update({ animal });
          setErrors((e) => ({ ...e, animal: undefined }));
        }}
        error={errors.animal}
      />
      <SightingFields
        value={draft}
        onChange={(change) => {
          update(change);
          setErrors((e) => ({ ...e, sighting: undefined }));
        }}
        error={errors.sighting}
      />
      <LocationPicker
        value={draft.location}
        onChange={(location) => {
          update({ location });
          setErrors((e) => ({ ...e, location: undefined }));
        }}
        fallback={fallback}
        error={errors.location}
      />
      <DuplicateHint
        animal={draft.animal}
        location={draft.location}
        onConfirmed={(alert) => {
          // Confirmed instead of added: the draft is done with; the map shows that alert.
          clear();
          setPhotos([]);
          void navigate(alertPath(alert.id), { replace: true, state: { confirmedAlert: alert } satisfies MapLocationState });
        }}
      />
      <CommentsField
        value={draft.comments}
        onChange={(comments) => {
          update({ comments });
          setErrors((e) => ({ ...e, comments: undefined }));
        }}
        error={errors.comments}
      />
      <PhotoPicker photos={photos} onChange={setPhotos} disabled={busy} />
      <LicenceChoice value={licence} answeredBefore={answeredBefore} onChange={setLicence} />
      {/* Kept in reach of a thumb: the actions stick to the bottom of the screen. */}
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 1100,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          mx: -2,
          px: 2,
          py: 1.5,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
        }}
      >
        {failure && (
          <Alert
            severity="error"
            role="alert"
            ref={failureRef}
            tabIndex={-1}
            action={
              failure.sendAsNew ? (
                <Button color="inherit" onClick={sendAsNew} disabled={busy}>
                  {t('addAlert.errors.sendAsNew')}
                </Button>
              ) : failure.retry ? (
                <Button color="inherit" onClick={() => void send()} disabled={busy}>
                  {t('addAlert.errors.retry')}
                </Button>
              ) : undefined
            }
          >
            {failure.message}
          </Alert>
        )}
        {!ready && !failure && (
          <Typography variant="body2" color="text.secondary" id="submit-hint">
            {draft.animal === null && draft.location === null
              ? t('addAlert.needsAnimalAndLocation')
              : draft.animal === null
                ? t('addAlert.needsAnimal')
                : draft.location === null
                  ? t('addAlert.needsLocation')
                  : t('photoPicker.preparing')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button component={RouterLink} to={paths.map} variant="text" sx={{ minWidth: 96 }}>
            {t('addAlert.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!ready || busy}
            aria-describedby={!ready ? 'submit-hint' : undefined}
            startIcon={busy ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
            sx={{ flex: 1, minHeight: 48, fontWeight: 700 }}
          >
            {uploading ? t('photoPicker.uploading', { done: uploading.done, all: uploading.all }) : busy ? t('addAlert.sending') : t('addAlert.submit')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

function describeFailure(error: Error): SendFailure {
  if (!(error instanceof ApiError) || error.kind === 'network') return { message: t('addAlert.errors.network'), retry: true };
  if (error.status === 429) {
    const wait = error.retryAfterSeconds === undefined ? undefined : inTime(error.retryAfterSeconds);
    return { message: wait ? t('addAlert.errors.tooManyWait', { wait }) : t('addAlert.errors.tooMany'), retry: true };
  }
  if (error.problem?.type.endsWith('/idempotency-key-reused')) return { message: t('addAlert.errors.keyReused'), retry: false, sendAsNew: true };
  if (Object.keys(error.fieldErrors).length > 0) return { message: t('addAlert.errors.summary'), retry: false };
  if (error.status >= 500) return { message: t('addAlert.errors.server'), retry: true };
  return { message: t('addAlert.errors.other', { status: error.status }), retry: true };
}
