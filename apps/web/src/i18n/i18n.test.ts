import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { LANGUAGES } from '@wildalert/shared';
import { activate, initialLanguage, loadMessages, t } from './i18n.ts';

const folder = (language: string) => path.join(import.meta.dirname, language);
const catalogue = (language: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(folder(language), file), 'utf8')) as Record<string, string>;
/** The `{arguments}` a message fills, by name (plural and select arguments included). */
const argumentsOf = (message: string) => [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

describe('the catalogues', () => {
  const files = fs.readdirSync(folder('pl')).sort();

  it('are the same files, with the same keys, in Polish, English and Ukrainian', () => {
    for (const language of LANGUAGES) {
      expect(fs.readdirSync(folder(language)).sort(), language).toEqual(files);
      for (const file of files) {
        expect(Object.keys(catalogue(language, file)).sort(), `${language}/${file}`).toEqual(Object.keys(catalogue('pl', file)).sort());
      }
    }
  });

  it('fill the same arguments in every language, and leave none empty', () => {
    for (const file of files) {
      for (const [key, polish] of Object.entries(catalogue('pl', file))) {
        for (const language of LANGUAGES) {
          const message = catalogue(language, file)[key]!;
          expect(message.trim(), `${language} ${key}`).not.toBe('');
          expect(argumentsOf(message), `${language} ${key}`).toEqual(argumentsOf(polish));
        }
      }
    }
  });
});

describe('messages by key', () => {
  afterAll(() => activate('pl'));

  it('are typed: a misspelt key does not compile', () => {
    // @ts-expect-error -- no such key; `npm run typecheck` fails on a call like this one.
    expect(t('map.addd')).toBe('map.addd');
    expect(t('map.add')).toBe('Dodaj zgłoszenie');
  });

  it.each([
    [1, '1 zgłoszenie', '1 повідомлення', '1 report'],
    [2, '2 zgłoszenia', '2 повідомлення', '2 reports'],
    [5, '5 zgłoszeń', '5 повідомлень', '5 reports'],
    [12, '12 zgłoszeń', '12 повідомлень', '12 reports'],
    [22, '22 zgłoszenia', '22 повідомлення', '22 reports'],
    [25, '25 zgłoszeń', '25 повідомлень', '25 reports'],
  ])('count %i in each language’s plural form', async (count, pl, uk, en) => {
    await activate('pl');
    expect(t('map.sameSpot', { count })).toBe(`${pl} w tym samym miejscu`);
    await activate('uk');
    expect(t('map.sameSpot', { count })).toBe(`${uk} в одному місці`);
    await activate('en');
    expect(t('map.sameSpot', { count })).toBe(`${en} in the same place`);
  });

  it.each([
    [1, 'pominięto 1 zdjęcie.', '1 photo was left out.', 'пропущено 1 фото.'],
    [2, 'pominięto 2 zdjęcia.', '2 photos were left out.', 'пропущено 2 фото.'],
    [5, 'pominięto 5 zdjęć.', '5 photos were left out.', 'пропущено 5 фото.'],
    [22, 'pominięto 22 zdjęcia.', '22 photos were left out.', 'пропущено 22 фото.'],
  ])('photos: %i in each language’s plural form', async (skipped, pl, en, uk) => {
    await loadMessages('add-alert');
    for (const [language, text] of [['pl', pl], ['en', en], ['uk', uk]] as const) {
      await activate(language);
      expect(t('photoPicker.tooMany', { skipped })).toMatch(new RegExp(`${text}$`));
    }
  });

  it("say why the server refused a photo, the server's status in the last resort", async () => {
    await loadMessages('photos');
    await activate('pl');
    expect(t('photos.outbox.refused', { n: 2, reason: 'tooLarge', status: 413 })).toBe(
      'zdjęcie 2 nie zostało przyjęte: za duże (najwyżej 15 MB i 50 megapikseli)',
    );
    await activate('en');
    expect(t('photos.outbox.refused', { n: 1, reason: 'other', status: 502 })).toBe(
      'photo 1 was not accepted: the server refused the photo (error 502)',
    );
  });

  it("load a screen's part in the language being switched to, not first in the one before", async () => {
    // As on a first visit: the page's language and the screen's messages load side by side.
    await activate('pl');
    const load = vi.spyOn(i18n, 'load');
    await Promise.all([activate('en'), loadMessages('moderation')]);
    const loadedIn = load.mock.calls.flatMap(([locale, messages]) => (messages && 'moderation.title' in messages ? [locale] : []));
    load.mockRestore();
    expect(loadedIn).toEqual(['en']);
    expect(t('moderation.title')).toBe('Moderation');
  });

  it('switch with the language, <html lang> too', async () => {
    await activate('uk');
    expect(t('map.add')).toBe('Додати повідомлення');
    expect(document.documentElement.lang).toBe('uk');
    await activate('en');
    expect(t('popup.reported', { when: '3 hours ago' })).toBe('Reported 3 hours ago');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('the first language', () => {
  afterAll(() => localStorage.clear());

  it("is the browser's first language the app has, Polish otherwise", () => {
    expect(initialLanguage('', ['de-DE', 'uk-UA', 'en'])).toBe('uk');
    expect(initialLanguage('', ['en-US'])).toBe('en');
    expect(initialLanguage('', ['fr'])).toBe('pl');
  });

  it("is a shared link's language before the browser's, and the visitor's own choice before both", () => {
    expect(initialLanguage('?lang=en&t=24h', ['uk'])).toBe('en');
    expect(initialLanguage('?lang=xx', ['uk'])).toBe('uk');
    localStorage.setItem('wildalert-language', 'pl');
    expect(initialLanguage('?lang=en', ['uk'])).toBe('pl');
  });
});
