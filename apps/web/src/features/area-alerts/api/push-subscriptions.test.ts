import { describe, expect, it } from 'vitest';
import type { FieldErrors } from '@wildalert/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { refusalMessage } from './push-subscriptions.ts';

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
