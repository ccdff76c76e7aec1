/**
 * What to do about an aggressive, injured or dead animal (issue 19): a one-tap call to the
 * services for the alert's place (GET /Contacts), and the catalogue's safety advice for that
 * animal. When a service for it has an inbox and reads it now (issue 33), the report went
 * there: it says so, and offers its number more quietly. A dead wild boar adds the advice
 * against spreading African swine fever, open after sending, folded otherwise. Loaded lazily
 * (lazy-what-to-do.tsx) with its messages.
 */
import './what-to-do.css';
import moreCss from './what-to-do-issue33.css?inline';
import { useId } from 'react';
import { animalByKey, isDeadBoar, type Alert, type Behaviour } from '@wildalert/shared';
import { language, t } from '../i18n/i18n.ts';
import { useContacts, type Contact } from '../lib/get-contacts.ts';

export interface WhatToDoProps {
  alert: Pick<Alert, 'animal' | 'latitude' | 'longitude'> & { behaviour: Behaviour };
  /** The visitor has just sent it: the dead boar's advice shows unfolded. */
  justSent?: boolean;
}

/** The advice against African swine fever, in the order a finder needs it. */
const DEAD_BOAR_ADVICE = ['do-not-touch', 'keep-dogs-away', 'note-place', 'clean-shoes'] as const;

/** A service that took the report in: it has an inbox and reads it now. */
const tookIt = (contact: Contact) => contact.inbox && contact.openNow;

const dial = (phone: string) => `tel:${phone.replaceAll(' ', '')}`;

export function WhatToDo({ alert, justSent = false }: WhatToDoProps) {
  const titleId = useId();
  const contacts = useContacts(alert.latitude, alert.longitude, alert.behaviour);
  const lang = language();
  const nameOf = (contact: Contact) => contact.name[lang] ?? contact.name.pl;
  const receiver = contacts.data?.find(tookIt);
  return (
    <section className="wa-what-to-do" aria-labelledby={titleId} data-testid="what-to-do">
      {/* The routed report's note and the dead boar's advice: their rules come with this chunk, not the first load. */}
      <style href="wa-what-to-do-33" precedence="default">
        {moreCss}
      </style>
      <h3 id={titleId}>{t('whatToDo.title')}</h3>
      {contacts.isPending ? (
        <div className="wa-calls-room" aria-hidden="true" />
      ) : contacts.isError ? (
        <p>{t('whatToDo.contactsFailed')}</p>
      ) : (
        <>
          {receiver && (
            <p className="wa-sent-to" data-testid="sent-to">
              {t('whatToDo.sentTo', { name: nameOf(receiver) })}
              {receiver.phone && (
                <>
                  {' · '}
                  <a href={dial(receiver.phone)}>{t('whatToDo.phone', { phone: receiver.phone })}</a>
                </>
              )}
            </p>
          )}
          {/* The others to call (112 for an aggressive animal) stay, whoever took the report in. */}
          {contacts.data.some((c) => c !== receiver && c.phone) && (
            <ul className="wa-calls">
              {contacts.data.map(
                (contact) =>
                  contact !== receiver &&
                  contact.phone && (
                    <li key={contact.phone}>
                      <a className="wa-call" href={dial(contact.phone)}>
                        {t('whatToDo.call', { name: nameOf(contact), phone: contact.phone })}
                      </a>
                    </li>
                  ),
              )}
            </ul>
          )}
        </>
      )}
      <ul className="wa-advice" data-testid="advice">
        {animalByKey(alert.animal).advice.map((code) => (
          <li key={code}>{t(`whatToDo.advice.${code}`)}</li>
        ))}
      </ul>
      {isDeadBoar(alert.animal, alert.behaviour) && (
        <details className="wa-dead-boar" open={justSent} data-testid="dead-boar-advice">
          <summary>{t('whatToDo.deadBoar.title')}</summary>
          <p>{t('whatToDo.deadBoar.why')}</p>
          <ul className="wa-advice">
            {DEAD_BOAR_ADVICE.map((code) => (
              <li key={code}>{t(`whatToDo.deadBoar.${code}`)}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
