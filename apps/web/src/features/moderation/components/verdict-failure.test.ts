import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, loadMessages } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { verdictFailure } from './verdict-failure.ts';

beforeAll(() => loadMessages('moderation'));
afterAll(() => activate('pl'));

const problem = (status: number, detail: string, errors?: Record<string, Array<{ code: 'too_long'; message: string }>>) =>
  new ApiError('http', status, { type: 'about:blank', title: 'Bad Request', status, detail, ...(errors ? { errors } : {}) });

describe('verdictFailure', () => {
  it("says the server's refusal of a correction in the visitor's language, not the problem's English detail", async () => {
    const same = problem(400, 'The alert already shows that animal: a correction names another.');
    expect(verdictFailure(same)).toBe('Zgłoszenie już pokazuje to zwierzę: wybierz inne.');
    await activate('uk');
    expect(verdictFailure(same)).toBe('Повідомлення вже показує цю тварину: виберіть іншу.');
    await activate('en');
    expect(verdictFailure(problem(400, 'Invalid body', { note: [{ code: 'too_long', message: 'too long' }] }))).toBe(
      'The server did not accept the form. Check the fields and try again.',
    );
  });

  it('tells a hidden alert, a lost session, a lost connection and any other status apart', async () => {
    await activate('en');
    expect(verdictFailure(problem(404, 'There is no alert x.'))).toMatch(/^This report is no longer on the map/);
    expect(verdictFailure(problem(401, 'Sign in.'))).toBe('Your session has ended. Sign in again.');
    expect(verdictFailure(new ApiError('network', 0))).toBe('No connection to the server. Try again.');
    expect(verdictFailure(problem(503, 'Database unavailable'))).toBe('That did not work (error 503). Try again.');
  });
});
