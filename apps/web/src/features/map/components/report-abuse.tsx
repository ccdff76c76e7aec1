/**
 * "Zgłoś nadużycie" under a popup: a dialog asks why (a reason from a short list, and a few
 * words of the visitor's own if they like); nothing is sent until they confirm. Then a
 * thank-you, or why it failed.
 */
import './report-abuse.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { REPORT_REASON_MAX_LENGTH } from '@wildalert/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { reportAbuse } from '../api/report-abuse.ts';
import { t } from '../../../i18n/i18n.ts';
import { inTime } from '../../../lib/format.ts';

const REASONS = ['fake', 'offensive', 'personal', 'spam', 'other'] as const;
type Reason = (typeof REASONS)[number];
/** The moderator reads "<reason>: <details>"; the whole must fit the API's limit. */
const detailsMaxLength = () => REPORT_REASON_MAX_LENGTH - 2 - Math.max(...REASONS.map((r) => t(`report.reasons.${r}`).length));

function reasonText(reason: Reason, details: string): string {
  const label = t(`report.reasons.${reason}`);
  return details.trim() === '' ? label : `${label}: ${details.trim()}`;
}

export function ReportAbuse({ alertId }: { alertId: string }) {
  const report = useMutation({ mutationFn: (reason: string) => reportAbuse(alertId, reason) });
  // Times the dialog was opened: each opening starts with no reason chosen.
  const [opened, setOpened] = useState(0);
  const [asking, setAsking] = useState(false);
  const action = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  // The dialog took the focus; it comes back to what the visitor is reading now.
  useEffect(() => {
    if (report.isSuccess) done.current?.focus();
    else if (report.isError) action.current?.focus();
  }, [report.isSuccess, report.isError]);

  if (report.isSuccess) {
    return (
      <p className="wa-report-note" role="status" tabIndex={-1} ref={done}>
        {t('report.done')}
      </p>
    );
  }
  return (
    <div className="wa-report">
      <button
        type="button"
        ref={action}
        className="wa-report-button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened((n) => n + 1);
          setAsking(true);
        }}
        disabled={report.isPending}
      >
        {report.isPending ? t('report.sending') : t('report.action')}
      </button>
      {report.isError && (
        <p className="wa-report-note wa-report-note--error" role="alert">
          {failure(report.error)}
        </p>
      )}
      <ReasonDialog
        key={opened}
        open={asking}
        onClose={() => {
          setAsking(false);
          action.current?.focus();
        }}
        onSend={(reason) => {
          setAsking(false);
          report.mutate(reason);
        }}
      />
    </div>
  );
}

interface ReasonDialogProps {
  open: boolean;
  onClose(): void;
  onSend(reason: string): void;
}

/**
 * Modal, in the top layer: drawn over the whole page, the page behind out of reach, Escape
 * cancels. The element stays in the popup while closed: removed in the middle of a click, it
 * would leave Leaflet thinking the map was clicked, which closes the popup.
 */
function ReasonDialog({ open, onClose, onSend }: ReasonDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<Reason | null>(null);
  const [details, setDetails] = useState('');
  const id = useId();
  useEffect(() => {
    const element = dialog.current!;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="wa-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (reason) onSend(reasonText(reason, details));
        }}
      >
        <h2 id={`${id}-title`}>{t('report.title')}</h2>
        <fieldset>
          <legend>{t('report.question')}</legend>
          {REASONS.map((key) => (
            <label key={key} className="wa-dialog-choice">
              <input type="radio" name="reason" value={key} checked={reason === key} onChange={() => setReason(key)} />
              {t(`report.reasons.${key}`)}
            </label>
          ))}
        </fieldset>
        <label className="wa-dialog-field">
          {t('report.details')}
          <textarea value={details} maxLength={detailsMaxLength()} rows={3} onChange={(event) => setDetails(event.target.value)} />
        </label>
        {reason === null && (
          <p className="wa-dialog-hint" id={`${id}-hint`}>
            {t('report.chooseReason')}
          </p>
        )}
        <div className="wa-dialog-actions">
          <button type="button" className="wa-dialog-cancel" onClick={onClose}>
            {t('report.cancel')}
          </button>
          <button type="submit" className="wa-button" disabled={reason === null} aria-describedby={reason === null ? `${id}-hint` : undefined}>
            {t('report.send')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function failure(error: Error): string {
  if (!(error instanceof ApiError)) return t('report.failed');
  if (error.status === 404) return t('report.gone');
  if (error.status === 429) {
    return error.retryAfterSeconds === undefined
      ? t('report.tooMany')
      : t('report.tooManyWait', { wait: inTime(error.retryAfterSeconds) });
  }
  return t('report.failed');
}
