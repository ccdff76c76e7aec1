import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, loadMessages } from '../../../i18n/i18n.ts';
import { actionName, detailsLine } from './audit-words.ts';

beforeAll(() => loadMessages('staff'));
afterAll(() => activate('pl'));

describe("the audit log's words", () => {
  it('name each action the server writes, and show one it adds later as its code', async () => {
    await activate('pl');
    expect(actionName('alert-hidden')).toBe('Ukryto zgłoszenie');
    expect(actionName('signed-out-everywhere')).toBe('Wylogowanie na wszystkich urządzeniach');
    expect(actionName('organisation-joined')).toBe('organisation-joined');
  });

  it('say the details in the language in use: roles, the way of signing in, the first-start link', async () => {
    await activate('uk');
    expect(detailsLine({ from: 'responder', to: 'moderator', by: 'single sign-on' })).toBe('з: служби реагування · на: модератор · через: single sign-on');
    await activate('en');
    expect(detailsLine({ with: 'passkey' })).toBe('with: passkey');
    expect(detailsLine({ name: 'Admin', role: 'admin', bootstrap: true })).toBe('name: Admin · role: admin · first-start link');
    expect(detailsLine({ name: 'Jan', role: 'moderator', bootstrap: false })).toBe('name: Jan · role: moderator');
    expect(detailsLine({ alert: '6f1c', colour: 'green', empty: '' })).toBe('report: 6f1c · colour: green');
    expect(detailsLine({})).toBe('');
    expect(detailsLine(null)).toBe('');
  });
});
