import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/i18n.ts';
import type { StaffRole } from '@wildalert/shared';
import { staffMeKey, type StaffMe } from '../../../lib/staff-session.ts';
import { StaffLayout } from './staff-layout.tsx';

beforeAll(() => loadMessages('staff'));
afterEach(cleanup);

const person = (role: StaffRole): StaffMe => ({ id: 'a1', name: 'Anna Nowak', role, csrfToken: 'c', signedInWith: 'passkey' });

/** The layout at /moderation with who is signed in already known (no request goes out). */
function renderAs(me: StaffMe | null, needed: StaffRole) {
  const client = new QueryClient();
  client.setQueryData(staffMeKey, me);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/moderation']}>
        <StaffLayout role={needed}>{(who) => <p>screen of {who.name}</p>}</StaffLayout>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('StaffLayout', () => {
  it('sends someone not signed in to the sign-in, to come back here after', () => {
    renderAs(null, 'moderator');
    expect(screen.getByRole('link', { name: 'Przejdź do logowania' }).getAttribute('href')).toBe('/staff/sign-in?next=%2Fmoderation');
    expect(screen.queryByText(/screen of/)).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('tells a responder that moderation is not theirs, and offers what is', () => {
    renderAs(person('responder'), 'moderator');
    expect(screen.getByRole('alert').textContent).toBe('Nie masz dostępu do tego ekranu: twoja rola to służby, a potrzebna jest co najmniej moderator.');
    expect(screen.queryByText(/screen of/)).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Menu obsługi' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Zgłoszenia', 'Komunikaty', 'Pulpit', 'Moje konto']);
  });

  it("shows a moderator the screen, with the links their role may open", () => {
    renderAs(person('moderator'), 'moderator');
    expect(screen.getByText('screen of Anna Nowak')).toBeTruthy();
    const links = [...screen.getByRole('navigation').querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['Zgłoszenia', 'Komunikaty', 'Pulpit', 'Moderacja', 'Moje konto']);
    expect(links[3]!.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Wyloguj' })).toBeTruthy();
  });

  it('shows an admin every staff screen', () => {
    renderAs(person('admin'), 'moderator');
    expect([...screen.getByRole('navigation').querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Zgłoszenia', 'Komunikaty', 'Pulpit', 'Moderacja', 'Organizacje', 'Osoby', 'Dziennik', 'Moje konto']);
  });
});
