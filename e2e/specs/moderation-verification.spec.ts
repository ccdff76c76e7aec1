/**
 * Trust at a glance from the moderator's side (issue 35), on a 360 px phone in Polish, English and
 * Ukrainian: the queue shows each alert's level and why a plausibility check held it; a moderator
 * corrects a fox to a boar with a note (a resident's open popup says so), confirms a reported hare
 * (its card says "confirmed · moderator") and rejects a badger as a hoax, hiding it (it leaves the
 * resident's map). Screenshots of the screen and its dialogs at 320, 360 and 1280 px go to SHOTS_DIR when it is set.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { KRAKOW, PHONE, popup, usable } from '../support/app.ts';
import { signInWithoutScreens } from '../support/staff.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} }, viewport: PHONE, hasTouch: true, isMobile: true });

const STORIES = [
  {
    lang: 'pl',
    locale: 'pl-PL',
    fox: 'Lis',
    hare: 'Zając',
    badger: 'Borsuk',
    boar: 'Dzik',
    unverified: 'Niesprawdzone',
    heldFor: 'Wstrzymane: więcej zwierząt, niż zwykle widuje się razem',
    confirm: 'Potwierdź',
    correct: 'Popraw zwierzę',
    reject: 'Odrzuć',
    rightAnimal: 'Właściwe zwierzę',
    note: 'Notatka publiczna (opcjonalnie)',
    save: 'Zapisz poprawkę',
    reason: 'Fałszywe zgłoszenie',
    hide: 'Ukryj też z mapy',
    doReject: 'Odrzuć zgłoszenie',
    history: 'Historia zmian',
    historyLine: 'niesprawdzone → odrzucone · moderator (Fałszywe zgłoszenie)',
    corrected: '✓Poprawiono: Lis → Dzik · moderator',
    confirmed: '✓Potwierdzone · moderator',
    rejected: '✕Odrzucone: fałszywe zgłoszenie · moderator',
  },
  {
    lang: 'en',
    locale: 'en-GB',
    fox: 'Fox',
    hare: 'Hare',
    badger: 'Badger',
    boar: 'Wild boar',
    unverified: 'Unverified',
    heldFor: 'Held back: more animals than are usually seen together',
    confirm: 'Confirm',
    correct: 'Correct the animal',
    reject: 'Reject',
    rightAnimal: 'The right animal',
    note: 'Public note (optional)',
    save: 'Save the correction',
    reason: 'A hoax',
    hide: 'Also hide it from the map',
    doReject: 'Reject the report',
    history: 'History of changes',
    historyLine: 'unverified → rejected · moderator (A hoax)',
    corrected: '✓Corrected: Fox → Wild boar · moderator',
    confirmed: '✓Confirmed · moderator',
    rejected: '✕Rejected: a hoax · moderator',
  },
  {
    lang: 'uk',
    locale: 'uk-UA',
    fox: 'Лисиця',
    hare: 'Заєць',
    badger: 'Борсук',
    boar: 'Дикий кабан',
    unverified: 'Неперевірене',
    heldFor: 'Затримано: більше тварин, ніж зазвичай бачать разом',
    confirm: 'Підтвердити',
    correct: 'Виправити тварину',
    reject: 'Відхилити',
    rightAnimal: 'Правильна тварина',
    note: 'Публічна примітка (необовʼязково)',
    save: 'Зберегти виправлення',
    reason: 'Фальшиве повідомлення',
    hide: 'Також сховати з мапи',
    doReject: 'Відхилити повідомлення',
    history: 'Історія змін',
    historyLine: 'неперевірене → відхилене · модератор (Фальшиве повідомлення)',
    corrected: '✓Виправлено: Лисиця → Дикий кабан · модератор',
    confirmed: '✓Підтверджено · модератор',
    rejected: '✕Відхилено: фальшиве повідомлення · модератор',
  },
] as const;

const markerOf = (page: Page, animal: string) => page.getByRole('button', { name: new RegExp(`^${animal}, `) });

for (const s of STORIES) {
  test.describe(s.lang, () => {
    test.use({ locale: s.locale });

    test('a moderator corrects, confirms and rejects from the queue; a resident sees each', async ({ page, browser, wildalert }) => {
      // Two browsers and three decisions: 20–35 s alone, over 45 s beside another worker on a loaded host.
      test.setTimeout(120_000);
      // More foxes than usually seen together: held by the plausibility check, queued with its reason.
      const fox = await wildalert.createAlert({ ...KRAKOW, animal: 'fox', howMany: 'more', comments: 'Stado lisów przy przystanku' });
      const hare = await wildalert.createAlert({ latitude: KRAKOW.latitude + 0.015, longitude: KRAKOW.longitude, animal: 'hare', comments: 'Zając w parku' });
      const badger = await wildalert.createAlert({ latitude: KRAKOW.latitude - 0.015, longitude: KRAKOW.longitude, animal: 'badger', comments: 'Borsuk na moście' });
      for (const [alert, reason] of [[hare, 'To kot'], [badger, 'Żart']] as const) {
        const res = await fetch(`${wildalert.origin}/Alerts/${alert.id}/reports`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reason }) });
        expect(res.status).toBe(201);
      }

      // A resident's map, the fox's popup open.
      const resident = await browser.newContext({ locale: s.locale, viewport: PHONE, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
      const visitor = await resident.newPage();
      await visitor.goto(`${wildalert.origin}/WildAlertApp/?lat=${KRAKOW.latitude}&lng=${KRAKOW.longitude}&z=13`);
      await expect(visitor.locator('[data-live="live"]')).toBeAttached();
      await expect(visitor.locator('.leaflet-marker-icon')).toHaveCount(3);
      await markerOf(visitor, s.fox).click();
      await expect(popup(visitor).getByTestId('alert-comments')).toHaveText('Stado lisów przy przystanku');

      await signInWithoutScreens(page, wildalert);
      await page.goto('moderation');
      const queue = page.getByTestId('moderation-reported');
      const foxCard = queue.getByRole('article').filter({ hasText: 'Stado lisów przy przystanku' });
      await expect(foxCard.getByTestId('moderation-level')).toHaveText(s.unverified);
      await expect(foxCard.getByTestId('moderation-checks')).toHaveText(s.heldFor);
      await usable(page);
      await shoot(page, `queue-${s.lang}`, foxCard);

      // Correct: the right animal and a public note.
      await foxCard.getByRole('button', { name: s.correct }).click();
      const correction = page.getByRole('dialog');
      // The animal as reported cannot be chosen again.
      await expect(correction.getByRole('option', { name: s.fox })).toBeDisabled();
      await correction.getByLabel(s.rightAnimal).selectOption({ label: s.boar });
      await correction.getByLabel(s.note).fill('Na zdjęciu dzik.');
      await usable(page);
      await shoot(page, `correct-${s.lang}`);
      await correction.getByRole('button', { name: s.save }).click();
      await expect(correction).toHaveCount(0);
      // No longer waiting for a look: off the queue, and the resident's open popup says what changed.
      await expect(foxCard).toHaveCount(0);
      await expect(popup(visitor).getByTestId('verification')).toHaveText(s.corrected);
      await expect(popup(visitor).getByTestId('verification-note')).toHaveText('Na zdjęciu dzik.');
      expect((await wildalert.searchAlerts({ ...KRAKOW, radius: 5 })).find((a) => a.id === fox.id)).toMatchObject({
        animal: 'boar',
        verification: { level: 'corrected', by: 'moderator', correctedFrom: 'fox', note: 'Na zdjęciu dzik.' },
      });

      // Confirm: the reported hare stays queued for its reports, with its level and who set it.
      const hareCard = queue.getByRole('article').filter({ hasText: 'Zając w parku' });
      await hareCard.getByRole('button', { name: s.confirm }).click();
      await expect(hareCard.getByTestId('verification')).toHaveText(s.confirmed);
      expect((await wildalert.searchAlerts({ ...KRAKOW, radius: 5 })).find((a) => a.id === hare.id)?.verification).toMatchObject({ level: 'confirmed', by: 'moderator' });

      // Reject as a hoax, and hide it: it leaves the resident's map, and is listed with the hidden ones, rejected.
      const badgerCard = queue.getByRole('article').filter({ hasText: 'Borsuk na moście' });
      await badgerCard.getByRole('button', { name: s.reject }).click();
      const rejection = page.getByRole('dialog');
      // A reason is required, as the API requires it.
      await rejection.getByRole('button', { name: s.doReject }).click();
      await expect(rejection.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
      await rejection.getByRole('radio', { name: s.reason }).check();
      await rejection.getByRole('checkbox', { name: s.hide }).check();
      await usable(page);
      await shoot(page, `reject-${s.lang}`);
      await rejection.getByRole('button', { name: s.doReject }).click();
      await expect(rejection).toHaveCount(0);
      await expect(markerOf(visitor, s.badger)).toHaveCount(0);
      await expect(visitor.locator('.leaflet-marker-icon')).toHaveCount(2);
      const hiddenBadger = page.getByTestId('moderation-hidden').getByRole('article').filter({ hasText: 'Borsuk na moście' });
      await expect(hiddenBadger.getByTestId('verification')).toHaveText(s.rejected);
      expect((await fetch(`${wildalert.origin}/Alerts/${badger.id}`)).status).toBe(404);
      // Its history, on request: one change, by the moderator.
      await hiddenBadger.getByRole('button', { name: s.history }).click();
      await expect(hiddenBadger.getByTestId('verification-history').getByRole('listitem')).toHaveCount(1);
      await expect(hiddenBadger.getByTestId('verification-history')).toContainText(s.historyLine);
      await usable(page);
      await shoot(page, `after-${s.lang}`, hiddenBadger);
      await resident.close();
    });
  });
}

/** The moderation screen at 360, 320 and 1280 px into SHOTS_DIR, when set, with `show` in view; back to the phone after. */
async function shoot(page: Page, name: string, show?: Locator) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [360, 320, 1280]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
    await show?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/moderation-${name}-${width}.png` });
  }
  await page.setViewportSize(PHONE);
}
