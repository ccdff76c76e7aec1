/**
 * What to do about an aggressive, injured or dead animal (issue 19): a one-tap call to the
 * services for the alert's place (GET /Contacts, from the server's table), and the catalogue's
 * safety advice for that animal. Loaded lazily (lazy-what-to-do.tsx) with its messages.
 */
import './what-to-do.css';
import { useId } from 'react';
import { animalByKey, type Alert, type Behaviour } from '@wildalert/shared';
import { language, t } from '../i18n/i18n.ts';
import { useContacts } from '../lib/get-contacts.ts';

export interface WhatToDoProps {
  alert: Pick<Alert, 'animal' | 'latitude' | 'longitude'> & { behaviour: Behaviour };
}

export function WhatToDo({ alert }: WhatToDoProps) {
  const titleId = useId();
  const contacts = useContacts(alert.latitude, alert.longitude, alert.behaviour);
  const lang = language();
  return (
    <section className="wa-what-to-do" aria-labelledby={titleId} data-testid="what-to-do">
      <h3 id={titleId}>{t('whatToDo.title')}</h3>
      {contacts.isPending ? (
        <div className="wa-calls-room" aria-hidden="true" />
      ) : contacts.isError ? (
        <p>{t('whatToDo.contactsFailed')}</p>
      ) : (
        contacts.data.length > 0 && (
          <ul className="wa-calls">
            {contacts.data.flatMap(({ phone, ...contact }) => (phone === null ? [] : [{ ...contact, phone }])).map((contact) => (
              <li key={contact.phone}>
                <a className="wa-call" href={`tel:${contact.phone.replaceAll(' ', '')}`}>
                  {t('whatToDo.call', { name: contact.name[lang] ?? contact.name.pl, phone: contact.phone })}
                </a>
              </li>
            ))}
          </ul>
        )
      )}
      <ul className="wa-advice" data-testid="advice">
        {animalByKey(alert.animal).advice.map((code) => (
          <li key={code}>{t(`whatToDo.advice.${code}`)}</li>
        ))}
      </ul>
    </section>
  );
}
