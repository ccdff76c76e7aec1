/**
 * Where an e-mail alert's links lead (/email/confirm, /email/unsubscribe, `?token=` from the
 * mail): a title, a sentence and one button. The button, not the opening, acts: mail scanners
 * open every link, and must neither confirm nor unsubscribe anyone. Small and without MUI: a
 * first visit from a mail loads little.
 */
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { EmailSubscriptionInfo } from '@wildalert/shared';
import { paths } from '../../../config/paths.ts';
import { t } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { confirmEmail, unsubscribeEmail } from '../api/email-links.ts';

type State = { step: 'ready' | 'busy' } | { step: 'done'; text: string } | { step: 'failed'; text: string; final: boolean };

export function EmailLinkScreen({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'ready' });
  const title = t(action === 'confirm' ? 'email.confirm.title' : 'email.unsubscribe.title');
  useDocumentTitle(title);

  const act = async () => {
    setState({ step: 'busy' });
    try {
      if (action === 'confirm') {
        const info: EmailSubscriptionInfo = await confirmEmail(token);
        setState({ step: 'done', text: t('email.confirm.done', { address: info.address, km: info.radius, frequency: info.frequency }) });
      } else {
        await unsubscribeEmail(token);
        setState({ step: 'done', text: t('email.unsubscribe.done') });
      }
    } catch (error) {
      const gone = error instanceof ApiError && (error.status === 404 || error.status === 400);
      setState({ step: 'failed', text: gone ? t(action === 'confirm' ? 'email.confirm.gone' : 'email.noToken') : t('email.failed'), final: gone });
    }
  };

  const valid = /^[A-Za-z0-9_-]{43}$/.test(token);
  return (
    <div className="wa-not-found">
      <h1>{title}</h1>
      {!valid ? (
        <p role="alert">{t('email.noToken')}</p>
      ) : state.step === 'done' ? (
        <p role="status">{state.text}</p>
      ) : (
        <>
          <p>{t(action === 'confirm' ? 'email.confirm.text' : 'email.unsubscribe.text')}</p>
          {state.step === 'failed' && <p role="alert">{state.text}</p>}
          {!(state.step === 'failed' && state.final) && (
            <button type="button" className="wa-button" disabled={state.step === 'busy'} onClick={() => void act()}>
              {state.step === 'busy' ? t('email.busy') : t(action === 'confirm' ? 'email.confirm.button' : 'email.unsubscribe.button')}
            </button>
          )}
        </>
      )}
      <p>
        {/* As tall as a finger. */}
        <Link to={paths.map} style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
          {t('email.back')}
        </Link>
      </p>
    </div>
  );
}

export const ConfirmScreen = () => <EmailLinkScreen action="confirm" />;
export const UnsubscribeScreen = () => <EmailLinkScreen action="unsubscribe" />;
