/**
 * The resident's side of an organisation's work (issue 33) on a 360 px phone, in Polish, English
 * and Ukrainian: an open map's popup shows each official step as the City Guard takes it, live,
 * and the list shows the status too; a dead wild boar's finder (found dead, or dead on the road)
 * is told where the report went and how not to spread African swine fever.
 */
import { expect, test, type WildAlertServer } from '../support/fixtures.ts';
import { KRAKOW, PHONE, popup, usable } from '../support/app.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} }, viewport: PHONE, hasTouch: true, isMobile: true });

/** The organisation the first start made from the bundled contacts, by the start of its Polish name. */
async function organisation(wildalert: WildAlertServer, pl: string): Promise<string> {
  const [row] = await wildalert.sql<{ id: string }>(`SELECT id FROM organisations WHERE name->>'pl' LIKE $1`, [`${pl}%`]);
  return row!.id;
}

const STORIES = [
  {
    lang: 'pl',
    locale: 'pl-PL',
    acknowledged: /^Straż Miejska Miasta Krakowa: przyjęte · \d{2}:\d{2}$/,
    onTheWay: /^Straż Miejska Miasta Krakowa: w drodze · \d{2}:\d{2}$/,
    resolved: /^Straż Miejska Miasta Krakowa: zakończone — odłowione lub przepędzone · \d{2}:\d{2}$/,
    list: 'Lista',
    sentTo: 'Zgłoszenie trafiło do: Straż Miejska Miasta Krakowa i Powiatowy Lekarz Weterynarii w Krakowie',
    whatToDo: 'Co robić',
    deadBoar: 'Martwy dzik: chroń przed ASF',
    dead: 'found-dead',
    doNotTouch: 'Nie dotykaj dzika ani niczego przy nim',
  },
  {
    lang: 'en',
    locale: 'en-GB',
    acknowledged: /^Kraków City Guard: acknowledged · \d{2}:\d{2}( [AP]M)?$/,
    onTheWay: /^Kraków City Guard: on the way · \d{2}:\d{2}( [AP]M)?$/,
    resolved: /^Kraków City Guard: resolved — caught or moved on · \d{2}:\d{2}( [AP]M)?$/,
    list: 'List',
    sentTo: 'This report went to: Kraków City Guard and District Veterinary Officer in Kraków',
    whatToDo: 'What to do',
    deadBoar: 'Dead wild boar: help stop swine fever',
    dead: 'dead-on-road',
    doNotTouch: 'Do not touch the boar or anything near it',
  },
  {
    lang: 'uk',
    locale: 'uk-UA',
    acknowledged: /^Міська варта Кракова: прийнято · \d{2}:\d{2}$/,
    onTheWay: /^Міська варта Кракова: в дорозі · \d{2}:\d{2}$/,
    resolved: /^Міська варта Кракова: завершено — відловлено або відігнано · \d{2}:\d{2}$/,
    list: 'Список',
    sentTo: /^Повідомлення передано: Міська варта Кракова (і|та) Повітовий ветеринарний лікар у Кракові$/,
    whatToDo: 'Що робити',
    deadBoar: 'Мертвий кабан: зупиніть АЧС',
    dead: 'found-dead',
    doNotTouch: 'Не торкайтеся кабана й нічого поруч із ним',
  },
] as const;

for (const s of STORIES) {
  test.describe(s.lang, () => {
    test.use({ locale: s.locale });

    test("an open map's popup shows each official step live, the note once resolved, and the list the status", async ({ page, wildalert }) => {
      const guard = await organisation(wildalert, 'Straż Miejska');
      const admin = await wildalert.staffToken('admin');
      // An aggressive boar: the City Guard's, which reads its inbox at every hour.
      const alert = await wildalert.createAlert({ ...KRAKOW, animal: 'boar', behaviour: 'aggressive', comments: 'Przy placu zabaw' });
      const step = async (body: object) => {
        const res = await fetch(`${wildalert.origin}/staff/organisations/${guard}/inbox/${alert.id}/status`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(res.status, await res.text()).toBe(200);
      };

      await page.goto('');
      await expect(page.locator('[data-live="live"]')).toBeAttached();
      // The one alert on the map (a marker's name is in the visitor's language).
      await page.locator('.leaflet-marker-icon').click();
      await expect(popup(page).getByTestId('alert-comments')).toHaveText('Przy placu zabaw');
      // No step yet: no status line.
      await expect(popup(page).getByTestId('official-status')).toHaveCount(0);

      await step({ status: 'acknowledged' });
      await expect(popup(page).getByTestId('official-status')).toHaveText(s.acknowledged);
      await step({ status: 'on-the-way' });
      await expect(popup(page).getByTestId('official-status')).toHaveText(s.onTheWay);
      await step({ status: 'resolved', outcome: 'caught-or-moved', note: 'Dzik odprowadzony do lasu.' });
      await expect(popup(page).getByTestId('official-status')).toHaveText(s.resolved);
      await expect(popup(page).getByTestId('official-note')).toContainText('Dzik odprowadzony do lasu.');
      await usable(page);

      await page.getByRole('button', { name: s.list }).click();
      const item = page.getByRole('listitem').filter({ hasText: 'Przy placu zabaw' });
      await expect(item.getByTestId('official-status')).toHaveText(s.resolved);
      await usable(page);
    });

    test("a dead wild boar's popup says the veterinary officer (and the City Guard, which takes every boar) has the report, and how not to spread swine fever", async ({ page, wildalert }) => {
      // The officer reads the inbox on weekdays by day (the bundled hours); here at every hour, so the story does not hang on the clock.
      await wildalert.sql(`UPDATE organisations SET hours = NULL WHERE name->>'pl' LIKE 'Powiatowy Lekarz Weterynarii%'`);
      // Either way a boar is found dead, on the road or elsewhere, it goes to the officer.
      await wildalert.createAlert({ ...KRAKOW, animal: 'boar', behaviour: s.dead, comments: 'Martwy dzik w rowie' });
      await page.goto('');
      // The one alert on the map (a marker's name is in the visitor's language).
      await page.locator('.leaflet-marker-icon').click();
      const advice = popup(page).getByTestId('dead-boar-advice');
      await expect(popup(page).getByTestId('sent-to')).toHaveText(s.sentTo);
      // Folded in "what to do" for anyone who opens it later; the finder (just sent) sees it open.
      await expect(advice).toBeHidden();
      await popup(page).getByText(s.whatToDo, { exact: true }).click();
      await expect(advice.locator('.wa-dead-boar-title')).toHaveText(s.deadBoar);
      await expect(advice.getByRole('listitem').first()).toHaveText(s.doNotTouch);
      await expect(advice.getByRole('listitem')).toHaveCount(4);
      await usable(page);
    });
  });
}
