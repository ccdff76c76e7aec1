import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnimalKey, Behaviour } from '@wildalert/shared';
import { activate } from '../i18n/i18n.ts';
import { contactsKey, type Contact } from '../lib/get-contacts.ts';
import { CallNow, WhatToDo, type WhatToDoProps } from './what-to-do.tsx';

const AT = { latitude: 50.0614, longitude: 19.9366 };

/** Renders it with the server's answer already in the cache (as after an earlier popup): no request goes out. */
function renderWith(contacts: Contact[], animal: AnimalKey = 'roe-deer', behaviour: Behaviour = 'injured', props: Partial<WhatToDoProps> = {}) {
  const client = new QueryClient();
  client.setQueryData(contactsKey(AT.latitude, AT.longitude, behaviour, animal), contacts);
  return render(
    <QueryClientProvider client={client}>
      <CallNow alert={{ ...AT, animal, behaviour }} />
      <WhatToDo alert={{ ...AT, animal, behaviour }} {...props} />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  cleanup();
  await activate('pl');
});

describe('WhatToDo', () => {
  it('keeps one call in view, its number as written without spaces, the service named in the language; the other numbers and the animal advice in the fold', async () => {
    const contacts = [
      { name: { pl: 'Straż Miejska', en: 'City Guard' }, phone: '+48 12 411 00 00', for: ['injured' as const], organisationId: crypto.randomUUID(), inbox: true, openNow: false },
      { name: { pl: 'Numer alarmowy' }, phone: '112', for: ['injured' as const], organisationId: crypto.randomUUID(), inbox: false, openNow: true },
    ];
    renderWith(contacts);
    expect(screen.getByTestId('call-now').textContent).toBe('Zadzwoń +48 12 411 00 00 Straż Miejska');
    expect(screen.getByTestId('call-now').getAttribute('href')).toBe('tel:+48124110000');
    const fold = screen.getByRole('region', { name: 'Co robić' });
    expect(fold.querySelector('details')!.hasAttribute('open')).toBe(false);
    expect([...fold.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Zadzwoń: Numer alarmowy 112', 'tel:112']]);
    expect([...screen.getByTestId('advice').querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Zachowaj odstęp', 'Trzymaj psa na smyczy', 'Nie ruszaj młodych']);
    cleanup();

    // In English: the English name where the table has one, else the Polish one.
    await activate('en');
    renderWith(contacts);
    expect(screen.getByTestId('call-now').textContent).toBe('Call +48 12 411 00 00 City Guard');
    expect(screen.getByRole('region', { name: 'What to do' }).querySelector('a')!.textContent).toBe('Call: Numer alarmowy 112');
  });

  it('shows the advice alone when no service is there for it', () => {
    renderWith([]);
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('region', { name: 'Co robić' }).textContent).toContain('Zachowaj odstęp');
  });

  it('says the report went to a service that reads its inbox now, with its number beside it, and keeps the other (112) in view; else the first service to call', () => {
    const guard = { name: { pl: 'Straż Miejska' }, phone: '986', for: ['aggressive' as const], organisationId: 'a', inbox: true };
    const emergency = { name: { pl: 'Numer alarmowy' }, phone: '112', for: ['aggressive' as const], organisationId: 'b', inbox: false, openNow: true };
    renderWith([{ ...guard, openNow: true }, emergency], 'boar', 'aggressive');
    expect(screen.getByTestId('sent-to').textContent).toBe('Zgłoszenie trafiło do: Straż Miejska · tel. 986');
    expect(screen.getByTestId('call-now').getAttribute('href')).toBe('tel:112');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['tel:112', 'tel:986']);
    cleanup();
    // Closed now: the local service is the call, 112 in the fold.
    renderWith([{ ...guard, openNow: false }, emergency], 'boar', 'aggressive');
    expect(screen.queryByTestId('sent-to')).toBeNull();
    expect(screen.getByTestId('call-now').getAttribute('href')).toBe('tel:986');
    expect(screen.getByRole('region', { name: 'Co robić' }).querySelector('a')!.textContent).toBe('Zadzwoń: Numer alarmowy 112');
    cleanup();
    // The service that has the report is the only one with a number: its number is the call, not said twice.
    renderWith([{ ...guard, openNow: true }], 'boar', 'dead-on-road');
    expect(screen.getByTestId('sent-to').textContent).toBe('Zgłoszenie trafiło do: Straż Miejska');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['tel:986']);
  });

  it("gives a dead wild boar's finder the advice against swine fever, open just after sending and folded later", async () => {
    const vet = { organisationId: 'v', name: { pl: 'Powiatowy Lekarz Weterynarii', en: 'District Veterinary Officer' }, phone: null, for: ['found-dead' as const], inbox: true, openNow: true };
    renderWith([vet], 'boar', 'found-dead', { justSent: true });
    const fold = () => screen.getByTestId('what-to-do').querySelector('details')!;
    expect(fold().hasAttribute('open')).toBe(true);
    expect([...screen.getByTestId('dead-boar-advice').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Nie dotykaj dzika ani niczego przy nim',
      'Trzymaj psy z daleka, na smyczy',
      'Zapamiętaj miejsce (np. punkty orientacyjne), by służby je znalazły',
      'Po powrocie wyczyść i zdezynfekuj buty (i koła roweru)',
    ]);
    // No number to offer: the receiver alone, and no call.
    expect(screen.getByTestId('sent-to').textContent).toBe('Zgłoszenie trafiło do: Powiatowy Lekarz Weterynarii');
    expect(screen.queryByTestId('call-now')).toBeNull();
    cleanup();
    await activate('uk');
    renderWith([vet], 'boar', 'dead-on-road');
    expect(fold().hasAttribute('open')).toBe(false);
    expect(screen.getByTestId('dead-boar-advice').querySelector('.wa-dead-boar-title')!.textContent).toBe('Мертвий кабан: зупиніть АЧС');
    cleanup();
    // On the road: the City Guard's and the officer's both, each named once, the Guard's number the call.
    await activate('pl');
    renderWith([{ ...vet, name: { pl: 'Straż Miejska' }, phone: '986', organisationId: 'g' }, vet], 'boar', 'dead-on-road');
    expect(screen.getByTestId('sent-to').textContent).toBe('Zgłoszenie trafiło do: Straż Miejska i Powiatowy Lekarz Weterynarii');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['tel:986']);
    cleanup();
    // A dead fox is not the veterinary officer's case.
    renderWith([], 'fox', 'found-dead');
    expect(screen.queryByTestId('dead-boar-advice')).toBeNull();
  });
});
