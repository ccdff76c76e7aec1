/**
 * The monthly report by e-mail (issue 37), asked for on the organisation's page by an admin, in
 * Polish, English and Ukrainian on a 360 px phone: a typo is shown at the addresses in the
 * visitor's language and nothing is saved; then the report is saved, survives a reload, and the
 * API says the same; then it is stopped. Axe and sideways overflow at 320, 360 and 1280 px.
 */
import { expect, test } from '../support/fixtures.ts';
import { PHONE, usable } from '../support/app.ts';
import { signInWithoutScreens } from '../support/staff.ts';

const SHOTS = process.env.WILDALERT_SHOTS_DIR;

test.use({ serverOptions: { engine: 'postgres', env: {} }, viewport: PHONE, hasTouch: true, isMobile: true });

const STORIES = [
  {
    lang: 'pl',
    title: 'Miesięczny raport e-mailem',
    enabled: 'Wysyłaj miesięczny raport',
    addresses: 'Adresy e-mail',
    language: 'Język raportu',
    english: 'English',
    save: 'Zapisz ustawienia raportu',
    invalid: 'To nie jest adres e-mail: szef(at)straz.example',
    saved: 'Zapisano.',
  },
  {
    lang: 'en',
    title: 'Monthly report by e-mail',
    enabled: 'Send the monthly report',
    addresses: 'E-mail addresses',
    language: 'Report language',
    english: 'English',
    save: 'Save report settings',
    invalid: 'This is not an e-mail address: szef(at)straz.example',
    saved: 'Saved.',
  },
  {
    lang: 'uk',
    title: 'Щомісячний звіт електронною поштою',
    enabled: 'Надсилати щомісячний звіт',
    addresses: 'Адреси електронної пошти',
    language: 'Мова звіту',
    english: 'English',
    save: 'Зберегти налаштування звіту',
    invalid: 'Це не адреса електронної пошти: szef(at)straz.example',
    saved: 'Збережено.',
  },
];

for (const s of STORIES) {
  test(`an admin asks for the City Guard's monthly report in ${s.lang}, a typo shown first, then stops it`, async ({ page, wildalert }) => {
    const admin = await wildalert.staffToken('admin');
    const auth = { authorization: `Bearer ${admin}` };
    const organisations = (await (await page.request.get(`${wildalert.origin}/staff/organisations`, { headers: auth })).json()) as { data: Array<{ id: string; name: { pl: string } }> };
    const guard = organisations.data.find((o) => o.name.pl === 'Straż Miejska Miasta Krakowa')!;
    const setting = async () => (await page.request.get(`${wildalert.origin}/staff/organisations/${guard.id}/monthly-report`, { headers: auth })).json();

    await signInWithoutScreens(page, wildalert, 'admin', 'Anna');
    await page.goto(`${wildalert.origin}/WildAlertApp/staff/organisations/${guard.id}?lang=${s.lang}`);
    const section = page.getByRole('region', { name: s.title });
    const enabled = section.getByRole('switch', { name: s.enabled });
    await expect(enabled).not.toBeChecked();
    await enabled.check();

    const addresses = section.getByRole('textbox', { name: s.addresses });
    await addresses.fill('dyzurny@straz.example\nszef(at)straz.example');
    await section.getByRole('button', { name: s.save }).click();
    await expect(section.getByText(s.invalid)).toBeVisible();
    await expect(addresses).toHaveAttribute('aria-invalid', 'true');
    expect(await setting()).toEqual({ enabled: false, addresses: [], language: 'pl' });

    await addresses.fill('dyzurny@straz.example\nszef@straz.example, dyzurny@straz.example');
    await section.getByRole('combobox', { name: s.language }).click();
    await page.getByRole('option', { name: s.english }).click();
    await section.getByRole('button', { name: s.save }).click();
    await expect(section.getByText(s.saved)).toBeVisible();
    // The same address twice is one recipient.
    expect(await setting()).toEqual({ enabled: true, addresses: ['dyzurny@straz.example', 'szef@straz.example'], language: 'en' });

    await page.reload();
    await expect(enabled).toBeChecked();
    await expect(addresses).toHaveValue('dyzurny@straz.example\nszef@straz.example');
    await expect(section.getByRole('combobox', { name: s.language })).toHaveText(s.english);
    for (const viewport of [{ width: 320, height: 700 }, PHONE, { width: 1280, height: 900 }]) {
      await page.setViewportSize(viewport);
      await usable(page);
      if (SHOTS) await section.screenshot({ path: `${SHOTS}/monthly-report-${viewport.width}-${s.lang}.png` });
    }

    await enabled.uncheck();
    await expect(addresses).toHaveCount(0);
    await section.getByRole('button', { name: s.save }).click();
    await expect(section.getByText(s.saved)).toBeVisible();
    expect(await setting()).toEqual({ enabled: false, addresses: [], language: 'pl' });
  });
}
