import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContactListResponse } from '@wildalert/shared';
import { activate } from '../i18n/i18n.ts';
import { contactsKey } from '../lib/get-contacts.ts';
import { WhatToDo } from './what-to-do.tsx';

const AT = { latitude: 50.0614, longitude: 19.9366 };

/** Renders it with the server's answer already in the cache (as after an earlier popup): no request goes out. */
function renderWith(contacts: ContactListResponse['data']) {
  const client = new QueryClient();
  client.setQueryData(contactsKey(AT.latitude, AT.longitude, 'injured'), contacts);
  return render(
    <QueryClientProvider client={client}>
      <WhatToDo alert={{ ...AT, animal: 'roe-deer', behaviour: 'injured' }} />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  cleanup();
  await activate('pl');
});

describe('WhatToDo', () => {
  it('dials the number as written without its spaces, names the service in the language, and gives the animal advice', async () => {
    const contacts = [
      { name: { pl: 'Straż Miejska', en: 'City Guard' }, phone: '+48 12 411 00 00', for: ['injured' as const], organisationId: crypto.randomUUID(), inbox: true, openNow: true },
      { name: { pl: 'Numer alarmowy' }, phone: '112', for: ['injured' as const], organisationId: crypto.randomUUID(), inbox: false, openNow: true },
    ];
    renderWith(contacts);
    const calls = screen.getAllByRole('link');
    expect(calls.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Zadzwoń: Straż Miejska +48 12 411 00 00', 'tel:+48124110000'],
      ['Zadzwoń: Numer alarmowy 112', 'tel:112'],
    ]);
    expect(screen.getAllByRole('listitem').slice(2).map((li) => li.textContent)).toEqual(['Zachowaj odstęp', 'Trzymaj psa na smyczy', 'Nie ruszaj młodych']);
    cleanup();

    // In English: the English name where the table has one, else the Polish one.
    await activate('en');
    renderWith(contacts);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Call: City Guard +48 12 411 00 00', 'Call: Numer alarmowy 112']);
  });

  it('shows the advice alone when no service is there for it', () => {
    renderWith([]);
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('region', { name: 'Co robić' }).textContent).toContain('Zachowaj odstęp');
  });
});
