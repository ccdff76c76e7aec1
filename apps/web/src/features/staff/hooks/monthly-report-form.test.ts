import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, loadMessages } from '../../../i18n/i18n.ts';
import { addressesErrorFromProblem, formFromSetting, settingFromForm } from './monthly-report-form.ts';

beforeAll(() => loadMessages('staff'));
afterAll(() => activate('pl'));

describe('the monthly report form', () => {
  it('takes addresses one per line, or between commas and spaces, each once', () => {
    expect(settingFromForm({ enabled: true, addresses: ' a@straz.example\n\nb@straz.example, a@straz.example;c@straz.example ', language: 'uk' })).toEqual({
      setting: { enabled: true, addresses: ['a@straz.example', 'b@straz.example', 'c@straz.example'], language: 'uk' },
    });
    expect(formFromSetting({ enabled: true, addresses: ['a@straz.example', 'b@straz.example'], language: 'en' })).toEqual({
      enabled: true,
      addresses: 'a@straz.example\nb@straz.example',
      language: 'en',
    });
  });

  it('names an address that is none, asks for one when there is none, and counts to ten', async () => {
    await activate('pl');
    expect(settingFromForm({ enabled: true, addresses: 'a@straz.example\nszef(at)straz.example', language: 'pl' })).toEqual({ error: 'To nie jest adres e-mail: szef(at)straz.example' });
    expect(settingFromForm({ enabled: true, addresses: ' \n', language: 'pl' })).toEqual({ error: 'Podaj co najmniej jeden adres albo wyłącz raport.' });
    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}@straz.example`).join('\n');
    expect(settingFromForm({ enabled: true, addresses: eleven, language: 'pl' })).toEqual({ error: 'Najwyżej 10 adresów.' });
  });

  it('stops the report with no addresses, whatever the field still holds', () => {
    expect(settingFromForm({ enabled: false, addresses: 'not an address', language: 'en' })).toEqual({ setting: { enabled: false, addresses: [], language: 'en' } });
  });

  it("shows the server's error about the addresses at their field, and no other", async () => {
    await activate('en');
    expect(addressesErrorFromProblem({ addresses: [{ code: 'required', message: 'required' }] })).toBe('This field is required.');
    expect(addressesErrorFromProblem({ language: [{ code: 'invalid', message: 'must be one of' }] })).toBeUndefined();
  });
});
