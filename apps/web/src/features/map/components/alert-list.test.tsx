import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { unconfirmedSighting, type Alert } from '@wildalert/shared';
import { AlertList } from './alert-list.tsx';

const AT = new Date(Date.now() - 3600_000).toISOString();

function alert(id: string, over: Partial<Alert>): Alert {
  return { id, latitude: 50.0614, longitude: 19.9366, animal: 'boar', comments: '', createdAt: AT, photos: [], ...unconfirmedSighting(AT), ...over };
}

afterEach(cleanup);

describe('AlertList', () => {
  it("shows each alert's verification level as the popup does, and nothing for an unverified one (issue 35)", async () => {
    const alerts = [
      alert('00000000-0000-4000-8000-000000000001', { animal: 'roe-deer', verification: { level: 'unverified' } }),
      alert('00000000-0000-4000-8000-000000000002', { animal: 'boar', verification: { level: 'corrected', by: 'moderator', correctedFrom: 'fox', note: 'Tropy dzika.', at: AT } }),
    ];
    render(
      <MemoryRouter>
        <AlertList alerts={alerts} offlineNote={undefined} exportQuery="" loading={false} failed={false} onRetry={() => {}} onOpen={() => {}} />
      </MemoryRouter>,
    );
    const unverified = screen.getByRole('link', { name: /Sarna/ }).closest('li');
    const corrected = screen.getByRole('link', { name: /Dzik/ }).closest('li');
    const line = await within(corrected!).findByTestId('verification');
    expect(line.textContent).toBe('✓Poprawiono: Lis → Dzik · moderator');
    // Inside the link's description: a screen reader hears it with the alert.
    expect(line.closest('[id^="wa-list-details-"]')).not.toBeNull();
    expect(within(corrected!).getByTestId('verification-note').textContent).toBe('Tropy dzika.');
    expect(within(unverified!).queryByTestId('verification')).toBeNull();
  });
});
