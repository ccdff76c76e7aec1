/**
 * What to do about an aggressive, injured or dead animal (issue 19), in two parts: the one call
 * the popup keeps in view under the sighting (CallNow), and, after the sighting, where the report
 * went (issue 33) and a fold with the other numbers and the catalogue's safety advice for that
 * animal (WhatToDo); a dead wild boar adds the advice against spreading African swine fever.
 * The sighting comes first (issue 34): the call takes one line, the advice is open only for the
 * visitor who has just sent it. Loaded lazily (lazy-what-to-do.tsx) with its messages.
 */
import './what-to-do.css';
import moreCss from './what-to-do-issue33.css?inline';
import { Fragment, useId } from 'react';
import { animalByKey, isDeadBoar, type Alert, type AnimalKey, type Behaviour } from '@wildalert/shared';
import { language, t } from '../i18n/i18n.ts';
import { useContacts, type Contact } from '../lib/get-contacts.ts';

export interface WhatToDoProps {
  alert: Pick<Alert, 'animal' | 'latitude' | 'longitude'> & { behaviour: Behaviour };
  /** The visitor has just sent it: the advice shows unfolded. */
  justSent?: boolean;
}

/** The advice against African swine fever, in the order a finder needs it. */
const DEAD_BOAR_ADVICE = ['do-not-touch', 'keep-dogs-away', 'note-place', 'clean-shoes'] as const;

/** A service that took the report in: it has an inbox and reads it now. */
const tookIt = (contact: Contact) => contact.inbox && contact.openNow;

const dial = (phone: string) => `tel:${phone.replaceAll(' ', '')}`;

const nameOf = (contact: Contact) => contact.name[language()] ?? contact.name.pl;

/**
 * The services for the place, by role: those that took the report in (a dead boar on the road:
 * the City Guard and the veterinary officer), the one number kept in view (the first service to
 * call that does not have the report already, as 112 for an aggressive animal; else one that has
 * it), and the other numbers, in the fold.
 */
function whomToCall(contacts: readonly Contact[]) {
  const receivers = contacts.filter(tookIt);
  const callable = contacts.filter((c) => c.phone);
  const first = callable.find((c) => !receivers.includes(c)) ?? callable[0];
  return { receivers, first, others: callable.filter((c) => c !== first && !receivers.includes(c)) };
}

function useWhomToCall(alert: WhatToDoProps['alert']) {
  const contacts = useContacts(alert.latitude, alert.longitude, alert.behaviour, alert.animal as AnimalKey);
  return { contacts, ...whomToCall(contacts.data ?? []) };
}

/** The one call under the popup's text: a line of its own, the number before the service's name (cut short when the popup is narrow). */
export function CallNow({ alert }: Pick<WhatToDoProps, 'alert'>) {
  const { contacts, first } = useWhomToCall(alert);
  if (contacts.isPending) return <div className="wa-call-now-room" aria-hidden="true" />;
  if (contacts.isError) return <p className="wa-call-now-failed">{t('whatToDo.contactsFailed')}</p>;
  if (!first?.phone) return null;
  return (
    <a className="wa-call wa-call-now" href={dial(first.phone)} data-testid="call-now">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M6.62 10.79a15.05 15.05 0 0 0 6.59 6.59l2.2-2.2a1 1 0 0 1 1.02-.24 11.4 11.4 0 0 0 3.57.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1.02l-2.2 2.2z"
        />
      </svg>
      <span className="wa-call-phone">{t('whatToDo.callNow', { phone: first.phone })}</span>{' '}
      {/* The space is the accessible name's; the flex row shows a gap and a dot instead. */}
      <span className="wa-call-name">{nameOf(first)}</span>
    </a>
  );
}

/** After the sighting: where the report went, then the fold with the other numbers and the advice. */
export function WhatToDo({ alert, justSent = false }: WhatToDoProps) {
  const titleId = useId();
  const { receivers, first, others } = useWhomToCall(alert);
  return (
    <section className="wa-what-to-do" aria-labelledby={titleId} data-testid="what-to-do">
      {/* The routed report's note and the dead boar's advice: their rules come with this chunk, not the first load. */}
      <style href="wa-what-to-do-33" precedence="default">
        {moreCss}
      </style>
      {receivers.length > 0 && (
        <p className="wa-sent-to" data-testid="sent-to">
          {t('whatToDo.sentTo', { name: new Intl.ListFormat(language(), { type: 'conjunction' }).format(receivers.map(nameOf)) })}
          {/* Their numbers here, but for the call kept in view. */}
          {receivers.map(
            (receiver) =>
              receiver.phone &&
              receiver !== first && (
                <Fragment key={receiver.organisationId}>
                  {' · '}
                  <a href={dial(receiver.phone)}>{t('whatToDo.phone', { phone: receiver.phone })}</a>
                </Fragment>
              ),
          )}
        </p>
      )}
      <details className="wa-what-to-do-fold" open={justSent}>
        <summary id={titleId}>{t('whatToDo.title')}</summary>
        {others.length > 0 && (
          <ul className="wa-calls">
            {others.map((contact) => (
              <li key={contact.phone}>
                <a className="wa-call wa-call--other" href={dial(contact.phone!)}>
                  {t('whatToDo.call', { name: nameOf(contact), phone: contact.phone! })}
                </a>
              </li>
            ))}
          </ul>
        )}
        <ul className="wa-advice" data-testid="advice">
          {animalByKey(alert.animal).advice.map((code) => (
            <li key={code}>{t(`whatToDo.advice.${code}`)}</li>
          ))}
        </ul>
        {isDeadBoar(alert.animal, alert.behaviour) && (
          <div className="wa-dead-boar" data-testid="dead-boar-advice">
            <p className="wa-dead-boar-title">{t('whatToDo.deadBoar.title')}</p>
            <p>{t('whatToDo.deadBoar.why')}</p>
            <ul className="wa-advice">
              {DEAD_BOAR_ADVICE.map((code) => (
                <li key={code}>{t(`whatToDo.deadBoar.${code}`)}</li>
              ))}
            </ul>
          </div>
        )}
      </details>
    </section>
  );
}
