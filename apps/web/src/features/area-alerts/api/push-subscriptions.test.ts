import { describe, expect, it } from 'vitest';
import type { FieldErrors } from '@wildalert/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { feedUrl, refusalMessage } from './push-subscriptions.ts';

const refused = (status: number, errors?: FieldErrors) =>
  new ApiError('http', status, { type: '/problems/validation', title: 'Bad Request', status, detail: 'refused', ...(errors ? { errors } : {}) });

describe('a refused subscription, in the visitor’s words', () => {
  it('tells a browser whose push service the server does not send to, and a network that has its fill', () => {
    expect(refusalMessage(refused(400, { endpoint: [{ code: 'not_push_service', message: '…' }] }))).toMatch(/usługi powiadomień, do której ten serwer nie wysyła/);
    expect(refusalMessage(refused(400, { endpoint: [{ code: 'not_public_address', message: '…' }] }))).toMatch(/usługi powiadomień/);
    expect(refusalMessage(refused(429))).toMatch(/zbyt wiele/);
    expect(refusalMessage(refused(500))).toBe('Serwer nie przyjął zmiany. Spróbuj ponownie.');
    expect(refusalMessage(new ApiError('network', 0))).toBe('Brak połączenia z serwerem. Spróbuj ponownie.');
  });
});

describe('the Atom feed of the area', () => {
  const area = { latitude: 50.06143, longitude: 19.93658, radius: 2, animals: ['boar'] };

  it('keeps to "likely and confirmed" as push and e-mail do, and to every report otherwise', () => {
    const likely = new URL(feedUrl({ ...area, reports: 'likely-and-confirmed' }), 'https://wildalert.example').searchParams;
    expect(likely.get('verification')).toBe('likely');
    expect(likely.getAll('animal')).toEqual(['boar']);
    expect(new URL(feedUrl({ ...area, reports: 'every' }), 'https://wildalert.example').searchParams.has('verification')).toBe(false);
  });
});
