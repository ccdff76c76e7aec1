/**
 * Organisations and their inbox (issue 33) on a 360 px phone, in Polish, English and Ukrainian,
 * one story each: an admin creates an organisation (names, phone, a circle around Kraków, a rule
 * for wild boars) and makes a responder its member; the responder's inbox, open, receives a
 * report posted through the public API without a reload, and the responder acknowledges it, goes,
 * and resolves it with a public note, which the public API then shows as the alert's official status.
 */
import type { Page } from '@playwright/test';
import type { Alert } from '@wildalert/shared';
import { expect, test, type WildAlertServer } from '../support/fixtures.ts';
import { KRAKOW, PHONE, usable } from '../support/app.ts';
import { signInWithoutScreens } from '../support/staff.ts';

test.use({ serverOptions: { engine: 'postgres', env: {} }, viewport: PHONE, hasTouch: true, isMobile: true });

/** Signs `name` in as `role` and hands back their session's cookies; the browser is left signed out. */
async function sessionOf(page: Page, server: WildAlertServer, role: 'responder' | 'admin', name: string) {
  await signInWithoutScreens(page, server, role, name);
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  return cookies;
}

const STORIES = [
  {
    lang: 'pl',
    locale: 'pl-PL',
    organisations: 'Organizacje',
    newOrganisation: 'Nowa organizacja',
    namePl: /^Nazwa po polsku/,
    nameEn: 'Nazwa po angielsku',
    phone: 'Telefon',
    circle: 'koło',
    radius: 'Promień (km)',
    animals: 'Zwierzęta',
    boar: 'Dzik',
    create: 'Utwórz organizację',
    saved: 'Zapisano.',
    person: 'Osoba do dodania',
    addMember: 'Dodaj członka',
    members: 'Członkowie',
    inbox: 'Zgłoszenia',
    live: 'na żywo',
    empty: 'Brak otwartych zgłoszeń. Nowe pojawią się tu same.',
    statusNew: 'nowe',
    seen: '2–5 zwierząt · agresywne',
    acknowledge: 'Przyjmij',
    acknowledged: 'przyjęte',
    acknowledgedAt: /Przyjęto: \d\d:\d\d/,
    onTheWay: 'W drodze',
    onTheWayStatus: 'w drodze',
    resolve: 'Zakończ…',
    notFound: 'nie znaleziono',
    note: 'Notatka publiczna',
    confirm: 'Zakończ zgłoszenie',
    resolvedTab: 'Zakończone',
    notePrefix: 'Notatka: ',
    figures: /Ostatnie 30 dni: 1 zgłoszenie · .* · zakończonych: 100%/,
  },
  {
    lang: 'en',
    locale: 'en-GB',
    organisations: 'Organisations',
    newOrganisation: 'New organisation',
    namePl: /^Name in Polish/,
    nameEn: 'Name in English',
    phone: 'Phone',
    circle: 'a circle',
    radius: 'Radius (km)',
    animals: 'Animals',
    boar: 'Wild boar',
    create: 'Create organisation',
    saved: 'Saved.',
    person: 'Person to add',
    addMember: 'Add member',
    members: 'Members',
    inbox: 'Inbox',
    live: 'live',
    empty: 'No open reports. New ones will appear here by themselves.',
    statusNew: 'new',
    seen: '2–5 animals · aggressive',
    acknowledge: 'Acknowledge',
    acknowledged: 'acknowledged',
    acknowledgedAt: /Acknowledged: \d\d:\d\d/,
    onTheWay: 'On the way',
    onTheWayStatus: 'on the way',
    resolve: 'Resolve…',
    notFound: 'not found',
    note: 'Public note',
    confirm: 'Resolve report',
    resolvedTab: 'Resolved',
    notePrefix: 'Note: ',
    figures: /Last 30 days: 1 report · .* · resolved: 100%/,
  },
  {
    lang: 'uk',
    locale: 'uk-UA',
    organisations: 'Організації',
    newOrganisation: 'Нова організація',
    namePl: /^Назва польською/,
    nameEn: 'Назва англійською',
    phone: 'Телефон',
    circle: 'коло',
    radius: 'Радіус (км)',
    animals: 'Тварини',
    boar: 'Дикий кабан',
    create: 'Створити організацію',
    saved: 'Збережено.',
    person: 'Кого додати',
    addMember: 'Додати учасника',
    members: 'Учасники',
    inbox: 'Вхідні',
    live: 'наживо',
    empty: 'Немає відкритих повідомлень. Нові з’являться тут самі.',
    statusNew: 'нове',
    seen: '2–5 тварин · агресивна',
    acknowledge: 'Прийняти',
    acknowledged: 'прийняте',
    acknowledgedAt: /Прийнято: \d\d:\d\d/,
    onTheWay: 'В дорозі',
    onTheWayStatus: 'в дорозі',
    resolve: 'Завершити…',
    notFound: 'не знайдено',
    note: 'Публічна примітка',
    confirm: 'Завершити повідомлення',
    resolvedTab: 'Завершені',
    notePrefix: 'Примітка: ',
    figures: /Останні 30 днів: 1 повідомлення · .* · завершено: 100%/,
  },
] as const;

for (const s of STORIES) {
  test.describe(s.lang, () => {
    test.use({ locale: s.locale });

    test('an admin creates an organisation with a member, whose inbox receives a report live and resolves it step by step', async ({ page, wildalert }) => {
      test.setTimeout(120_000);
      const responder = await sessionOf(page, wildalert, 'responder', 'Rafał Ratownik');
      await signInWithoutScreens(page, wildalert, 'admin', 'Ada Admin');
      const name = `Straż Miejska ${s.lang}`;

      // The admin: a new organisation, a circle around Kraków, wild boars only.
      await page.goto('staff/organisations');
      await page.getByRole('link', { name: s.newOrganisation }).tap();
      await page.getByRole('textbox', { name: s.namePl }).fill(name);
      await page.getByRole('textbox', { name: s.nameEn }).fill(`City Guard ${s.lang}`);
      await page.getByRole('textbox', { name: s.phone }).fill('986');
      await page.getByRole('radio', { name: s.circle }).check();
      await page.getByRole('textbox', { name: s.radius }).fill('5');
      await page.getByTestId('rule').getByRole('group', { name: s.animals }).getByRole('button', { name: s.boar, exact: true }).tap();
      await expect(page.locator('.wa-map .leaflet-overlay-pane path')).toHaveCount(1); // the circle on the preview map
      await usable(page);
      await page.getByRole('button', { name: s.create }).tap();
      await expect(page.getByText(s.saved)).toBeVisible();
      await expect(page).toHaveURL(/\/staff\/organisations\/[0-9a-f-]{36}$/);

      // Its member: picked from the people.
      await page.getByRole('combobox', { name: s.person }).tap();
      await page.getByRole('option', { name: /^Rafał Ratownik/ }).tap();
      await page.getByRole('button', { name: s.addMember }).tap();
      await expect(page.getByRole('region', { name: s.members }).getByRole('listitem')).toHaveText([/Rafał Ratownik/]);

      // The responder: their inbox, live, empty.
      await page.context().clearCookies();
      await page.context().addCookies(responder);
      await page.goto('staff/inbox');
      await expect(page.getByRole('heading', { level: 1, name: s.inbox })).toBeVisible();
      // Its name in the responder's language where it has one (English here), else in Polish.
      await expect(page.getByRole('heading', { level: 2, name: s.lang === 'en' ? `City Guard ${s.lang}` : name })).toBeVisible();
      await expect(page.getByTestId('inbox-live')).toHaveText(s.live);
      await expect(page.getByText(s.empty)).toBeVisible();

      // A report through the public API lands in it, without a reload.
      const alert: Alert = await wildalert.createAlert({ ...KRAKOW, animal: 'boar', comments: 'Przy przystanku', howMany: 'two-to-five', behaviour: 'aggressive' });
      const entry = page.getByRole('article', { name: s.boar });
      await expect(entry).toContainText('Przy przystanku');
      await expect(entry).toContainText(s.seen);
      await expect(entry.getByTestId('inbox-status')).toHaveText(s.statusNew);
      await expect(entry.locator('.leaflet-marker-icon')).toHaveCount(1); // the exact point on its map
      await usable(page);

      // The steps, each with its time.
      await entry.getByRole('button', { name: s.acknowledge }).tap();
      await expect(entry.getByTestId('inbox-status')).toHaveText(s.acknowledged);
      await expect(entry.getByTestId('inbox-timeline')).toContainText(s.acknowledgedAt);
      await entry.getByRole('button', { name: s.onTheWay }).tap();
      await expect(entry.getByTestId('inbox-status')).toHaveText(s.onTheWayStatus);
      await entry.getByRole('button', { name: s.resolve }).tap();
      await entry.getByRole('radio', { name: s.notFound }).check();
      await entry.getByRole('textbox', { name: s.note }).fill('Teren sprawdzony, zwierząt brak.');
      await entry.getByRole('button', { name: s.confirm }).tap();

      // Out of the open ones, among the resolved ones, and public.
      await expect(page.getByText(s.empty)).toBeVisible();
      await page.getByRole('tab', { name: s.resolvedTab }).tap();
      await expect(entry.getByTestId('inbox-resolution')).toHaveText(`${s.notFound}${s.notePrefix}Teren sprawdzony, zwierząt brak.`);
      await expect(page.getByTestId('inbox-figures')).toHaveText(s.figures);
      const { data } = (await (await fetch(`${wildalert.origin}/Alerts/${alert.id}`)).json()) as { data: Alert };
      expect(data.officialStatus).toMatchObject({ organisation: { pl: name }, status: 'resolved', outcome: 'not-found', note: 'Teren sprawdzony, zwierząt brak.' });
    });
  });
}
