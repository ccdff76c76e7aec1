import { afterEach, describe, expect, it } from 'vitest';
import { forgetInviteToken, takeInviteToken } from './invite-token.ts';

const INVITE = '/WildAlertApp/staff/invite';

afterEach(() => {
  forgetInviteToken();
  window.history.replaceState(null, '', '/');
});

describe('takeInviteToken', () => {
  it('takes the token from the fragment and leaves no trace of it in the address or the history', () => {
    window.history.pushState({ usr: null, key: 'k1', idx: 1 }, '', `${INVITE}?lang=uk#tok_en-123`);
    const entries = window.history.length;
    expect(takeInviteToken()).toBe('tok_en-123');
    expect(window.location.href).not.toContain('tok_en-123');
    expect(window.location.hash).toBe('');
    // Replaced, not pushed: going back does not return to the address with the secret.
    expect(window.history.length).toBe(entries);
    // The rest of the address and the router's state stay.
    expect(window.location.pathname + window.location.search).toBe(`${INVITE}?lang=uk`);
    expect(window.history.state).toEqual({ usr: null, key: 'k1', idx: 1 });
  });

  it('still has it when the screen is drawn again, after the address lost it, until the invite is used up', () => {
    window.history.replaceState(null, '', `${INVITE}#abc`);
    expect(takeInviteToken()).toBe('abc');
    expect(takeInviteToken()).toBe('abc');
    forgetInviteToken();
    expect(takeInviteToken()).toBeNull();
  });

  it('has none without a fragment', () => {
    window.history.replaceState(null, '', INVITE);
    expect(takeInviteToken()).toBeNull();
    window.history.replaceState(null, '', `${INVITE}#`);
    expect(takeInviteToken()).toBeNull();
  });
});
