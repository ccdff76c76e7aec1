import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Behaviour } from '@wildalert/shared';
import { activate } from '../i18n/i18n.ts';
import { contactsKey, type Contact } from '../lib/get-contacts.ts';
import { WhatToDo, type WhatToDoProps } from './what-to-do.tsx';

const AT = { latitude: 50.0614, longitude: 19.9366 };

/** Renders it with the server's answer already in the cache (as after an earlier popup): no request goes out. */
function renderWith(contacts: Contact[], animal = 'roe-deer', behaviour: Behaviour = 'injured', props: Partial<WhatToDoProps> = {}) {
  const client = new QueryClient();
  client.setQueryData(contactsKey(AT.latitude, AT.longitude, behaviour), contacts);
  return render(
    <QueryClientProvider client={client}>
      <WhatToDo alert={{ ...AT, animal, behaviour }} {...props} />
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
      { name: { pl: 'Straż Miejska', en: 'City Guard' }, phone: '+48 12 411 00 00', for: ['injured' as const], organisationId: crypto.randomUUID(), inbox: true, openNow: false },
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

  it('says the report went to a service that reads its inbox now, with its number beside it, and still offers the others (112); else the numbers to call', () => {
    const guard = { name: { pl: 'Straż Miejska' }, phone: '986', for: ['aggressive' as const], organisationId: 'a', inbox: true };
    const emergency = { name: { pl: 'Numer alarmowy' }, phone: '112', for: ['aggressive' as const], organisationId: 'b', inbox: false, openNow: true };
    renderWith([{ ...guard, openNow: true }, emergency], 'boar', 'aggressive');
    expect(screen.getByTestId('sent-to').textContent).toBe('Zgłoszenie trafiło do: Straż Miejska · tel. 986');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['tel:986', 'tel:112']);
    expect(screen.getByRole('link', { name: 'Zadzwoń: Numer alarmowy 112' })).toBeTruthy();
    cleanup();
    // Closed now: the numbers, as before.
    renderWith([{ ...guard, openNow: false }, emergency], 'boar', 'aggressive');
    expect(screen.queryByTestId('sent-to')).toBeNull();
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Zadzwoń: Straż Miejska 986', 'Zadzwoń: Numer alarmowy 112']);
  });

  it("gives a dead wild boar's finder the advice against swine fever, open just after sending and folded later", async () => {
    const vet = { organisationId: 'v', name: { pl: 'Powiatowy Lekarz Weterynarii', en: 'District Veterinary Officer' }, phone: null, for: ['found-dead' as const], inbox: true, openNow: true };
    renderWith([vet], 'boar', 'found-dead', { justSent: true });
    const advice = screen.getByTestId('dead-boar-advice');
    expect(advice.hasAttribute('open')).toBe(true);
    expect([...advice.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Nie dotykaj dzika ani niczego przy nim',
      'Trzymaj psy z daleka, na smyczy',
      'Zapamiętaj miejsce (np. punkty orientacyjne), by służby je znalazły',
      'Po powrocie wyczyść i zdezynfekuj buty (i koła roweru)',
    ]);
    // No number to offer: the receiver alone.
    expect(screen.getByTestId('sent-to').textContent).toBe('Zgłoszenie trafiło do: Powiatowy Lekarz Weterynarii');
    cleanup();
    await activate('uk');
    renderWith([vet], 'boar', 'dead-on-road');
    expect(screen.getByTestId('dead-boar-advice').hasAttribute('open')).toBe(false);
    expect(screen.getByTestId('dead-boar-advice').querySelector('summary')!.textContent).toBe('Мертвий кабан: зупиніть АЧС');
    cleanup();
    // A dead fox is not the veterinary officer's case.
    renderWith([], 'fox', 'found-dead');
    expect(screen.queryByTestId('dead-boar-advice')).toBeNull();
  });
});
