/** "Zgłoś nadużycie": a reason is asked for in a dialog; cancelling sends nothing. */
import { expect, test, type WildAlertServer } from '../support/fixtures.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { KRAKOW, marker, popup, sidewaysOverflow } from '../support/app.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} } });

/** The open reports the moderator sees, as reason texts per alert. */
async function reportedReasons(wildalert: WildAlertServer): Promise<string[]> {
  const res = await fetch(`${wildalert.origin}/moderation/reports`, { headers: { authorization: `Bearer ${await wildalert.staffToken()}` } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: Array<{ reports: Array<{ reason: string }> }> };
  return body.data.flatMap((a) => a.reports.map((r) => r.reason));
}

test('"Zgłoś nadużycie" asks why; cancelling sends nothing, sending sends the chosen reason', async ({ page, wildalert }) => {
  await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'boar', comments: 'Jan Kowalski, tel. 600 100 200' });
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && /\/reports$/.test(r.url()) && posts.push(r.postData() ?? ''));
  await page.goto('');
  await marker(page, 'Dzik').click();
  const action = popup(page).getByRole('button', { name: 'Zgłoś nadużycie' });

  // Cancel: the dialog closes, the focus returns, nothing is sent.
  await action.click();
  const dialog = page.getByRole('dialog', { name: 'Zgłoś nadużycie' });
  await expect(dialog).toBeVisible();
  for (const reason of ['Fałszywe zgłoszenie', 'Obraźliwa treść', 'Dane osobowe', 'Spam', 'Inny powód']) {
    await expect(dialog.getByRole('radio', { name: reason })).toBeVisible();
  }
  await expect(dialog.getByRole('button', { name: 'Wyślij zgłoszenie' })).toBeDisabled();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(dialog).toBeHidden();
  await expect(action).toBeFocused();
  // Escape cancels too.
  await action.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(posts).toEqual([]);
  expect(await reportedReasons(wildalert)).toEqual([]);

  // A reason, with a few words of one's own. The dialog stays above the page while the map
  // changes beneath it (a new alert arrives).
  await action.click();
  await wildalert.createAlert({ latitude: KRAKOW.latitude + 0.01, longitude: KRAKOW.longitude, animal: 'fox' });
  await expect(marker(page, 'Lis')).toBeAttached();
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
  await dialog.getByRole('radio', { name: 'Dane osobowe' }).check();
  await dialog.getByRole('textbox', { name: 'Szczegóły (nieobowiązkowe)' }).fill('Podano czyjś numer telefonu');
  await dialog.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
  await expect(dialog).toBeHidden();
  await expect(popup(page).getByRole('status')).toHaveText('Dziękujemy — moderator sprawdzi to zgłoszenie.');
  expect(posts).toHaveLength(1);
  expect(await reportedReasons(wildalert)).toEqual(['Dane osobowe: Podano czyjś numer telefonu']);
});

test('the reason alone is sent when no details are given', async ({ page, wildalert }) => {
  await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'fox' });
  await page.goto('');
  await marker(page, 'Lis').click();
  await popup(page).getByRole('button', { name: 'Zgłoś nadużycie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zgłoś nadużycie' });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
  await expect(popup(page).getByRole('status')).toHaveText('Dziękujemy — moderator sprawdzi to zgłoszenie.');
  expect(await reportedReasons(wildalert)).toEqual(['Spam']);
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test('the dialog fits, and its buttons are whole and large enough to tap', async ({ page, wildalert }) => {
    await wildalert.createAlert({ latitude: KRAKOW.latitude, longitude: KRAKOW.longitude, animal: 'boar' });
    await page.goto('');
    await marker(page, 'Dzik').tap();
    await popup(page).getByRole('button', { name: 'Zgłoś nadużycie' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Zgłoś nadużycie' });
    await dialog.getByRole('radio', { name: 'Obraźliwa treść' }).check();
    const frame = (await dialog.boundingBox())!;
    expect(frame.x).toBeGreaterThanOrEqual(0);
    expect(frame.x + frame.width).toBeLessThanOrEqual(320);
    for (const name of ['Anuluj', 'Wyślij zgłoszenie']) {
      const box = (await dialog.getByRole('button', { name }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(frame.x);
      expect(box.x + box.width, name).toBeLessThanOrEqual(frame.x + frame.width);
      expect(box.height, name).toBeGreaterThanOrEqual(44);
    }
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Wyślij zgłoszenie' }).tap();
    await expect(popup(page).getByRole('status')).toHaveText('Dziękujemy — moderator sprawdzi to zgłoszenie.');
    expect(await reportedReasons(wildalert)).toEqual(['Obraźliwa treść']);
  });
});
