import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, loadMessages } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { afterSignIn } from './after-sign-in.ts';
import { failureMessage, signInErrorMessage } from './failure-messages.ts';

beforeAll(() => loadMessages('staff'));
afterAll(() => activate('pl'));

describe("the sign-in screen's ?error=", () => {
  it('says each single sign-on failure in words, in the language in use', async () => {
    expect(signInErrorMessage('sso_role')).toBe('Twoje konto miejskie nie ma roli w WildAlert. Poproś administratora o dostęp.');
    expect(signInErrorMessage('sso_limited')).toBe('Zbyt wiele nieudanych logowań z Twojej sieci. Odczekaj minutę i spróbuj ponownie.');
    expect(signInErrorMessage('sso_disabled')).toBe('Twoje konto w WildAlert jest wyłączone.');
    await activate('uk');
    expect(signInErrorMessage('sso_state')).toBe('Єдиний вхід було перервано або він тривав задовго. Почніть знову.');
    await activate('en');
    expect(signInErrorMessage('sso_failed')).toBe('The single sign-on did not succeed. Try again.');
  });

  it('says that signing in failed for a code it does not know, and nothing without one', async () => {
    await activate('en');
    expect(signInErrorMessage('sso_new_thing')).toBe('Signing in did not succeed.');
    // Not a key of the table's prototype either.
    expect(signInErrorMessage('toString')).toBe('Signing in did not succeed.');
    expect(signInErrorMessage(null)).toBeNull();
    expect(signInErrorMessage('')).toBeNull();
  });
});

describe('failureMessage', () => {
  it('reads a status by what was being done', async () => {
    await activate('en');
    expect(failureMessage(new ApiError('http', 401), 'sign-in')).toBe('This passkey does not belong to any account.');
    expect(failureMessage(new ApiError('http', 401), 'passkey')).toBe('Your session has ended. Sign in again.');
    expect(failureMessage(new ApiError('http', 403), 'sign-in')).toBe('This account is disabled.');
    expect(failureMessage(new ApiError('http', 404), 'invite')).toMatch(/already used or revoked/);
    expect(failureMessage(new ApiError('http', 410), 'invite')).toBe('This invitation has expired. Ask for a new one.');
    expect(failureMessage(new ApiError('http', 409), 'remove-passkey')).toMatch(/^This is your only passkey/);
    expect(failureMessage(new ApiError('http', 409), 'account')).toMatch(/^This is the last enabled admin/);
    expect(failureMessage(new ApiError('http', 404), 'other')).toBe('That did not work (error 404). Try again.');
    expect(failureMessage(new ApiError('network', 0), 'sign-in')).toBe('No connection to the server. Try again.');
  });

  it("says how long to wait from the server's Retry-After", async () => {
    await activate('pl');
    expect(failureMessage(new ApiError('http', 429, undefined, 120), 'sign-in')).toBe('Za dużo nieudanych prób. Spróbuj ponownie za 2 minuty.');
  });

  it("reads the browser's passkey dialog: cancelled, a key already there, no support", async () => {
    await activate('en');
    expect(failureMessage(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'), 'sign-in')).toBe(
      'The passkey was not used: cancelled or timed out.',
    );
    expect(failureMessage(new DOMException('excluded', 'InvalidStateError'), 'passkey')).toBe('This device already holds a passkey for this account.');
    expect(failureMessage(new Error('WebAuthn is not supported in this browser'), 'sign-in')).toMatch(/^This browser does not support passkeys/);
    expect(failureMessage('?', 'other')).toBe('Something went wrong. Try again.');
    // A step on an inbox entry that another responder took first.
    expect(failureMessage(new ApiError('http', 409), 'inbox-step')).toBe('Someone has already moved this report on. The list is up to date.');
  });
});

describe('afterSignIn', () => {
  it('returns to the staff screen the person came from, and nowhere else', () => {
    expect(afterSignIn({ role: 'admin' }, '/staff/people')).toBe('/staff/people');
    expect(afterSignIn({ role: 'moderator' }, '//evil.example/moderation')).toBe('/moderation');
    expect(afterSignIn({ role: 'moderator' }, 'https://evil.example')).toBe('/moderation');
    expect(afterSignIn({ role: 'moderator' }, null)).toBe('/moderation');
  });

  it("takes a responder, who may not moderate, to their organisation's inbox", () => {
    expect(afterSignIn({ role: 'responder' }, null)).toBe('/staff/inbox');
    expect(afterSignIn({ role: 'admin' }, '/staff/organisations')).toBe('/staff/organisations');
  });
});
