import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postAlert, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

/** Zakopane: away from where the other files put their alerts. */
const HERE = { latitude: 49.2992, longitude: 19.9496 };
const QUERY = `Latitude=${HERE.latitude}&Longitude=${HERE.longitude}&Radius=3`;

/** The workbook as a spreadsheet program reads it (ExcelJS, another implementation than the writer's). */
async function download(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: 'wildalert.example', ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows = sheet.getSheetValues().filter(Boolean).map((row) => (row as ExcelJS.CellValue[]).slice(1));
  return { res, sheet, headings: rows[0]!, rows: rows.slice(1) };
}

/** "2026-03-29 14:05": an instant as Warsaw's clocks show it. */
const warsaw = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

describe('GET /Alerts.xlsx', () => {
  it('is a workbook a Polish spreadsheet opens as it is: Polish headings and words, dates on the city clocks, numbers, text kept as text', async () => {
    const boar = await postAlert(t.app, {
      ...HERE,
      animal: 'boar',
      comments: '=1+1 Żółta furtka, łąka; "duży"',
      howMany: 'two-to-five',
      young: true,
      behaviour: 'aggressive',
    });
    const { res, sheet, headings, rows } = await download(`/Alerts.xlsx?${QUERY}&lang=pl`);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="wildalert-alerts.xlsx"');
    expect(sheet.name).toBe('Zgłoszenia');
    expect(headings.slice(0, 9)).toEqual([
      'Zgłoszono', 'Zwierzę', 'Ile', 'Młode', 'Zachowanie', 'Opis', 'Miejsce', 'Szerokość geograficzna', 'Długość geograficzna',
    ]);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(headings.map((h, i) => [String(h), rows[0]![i]]));
    // A real date, on Warsaw's clocks: not UTC text.
    const reported = row['Zgłoszono'] as Date;
    expect(reported).toBeInstanceOf(Date);
    expect(reported.toISOString().slice(0, 16).replace('T', ' ')).toBe(warsaw(boar.createdAt));
    expect(sheet.getCell('A2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row).toMatchObject({
      Zwierzę: 'Dzik',
      Ile: '2–5',
      Młode: 'tak',
      Zachowanie: 'agresywne',
      // The comment as typed, never run as a formula.
      Opis: '=1+1 Żółta furtka, łąka; "duży"',
      'Szerokość geograficzna': boar.latitude,
      'Długość geograficzna': boar.longitude,
      'Nadal tam (głosy)': 0,
      'Już nie ma (głosy)': 0,
      'Na mapie': `http://wildalert.example/WildAlertApp/alerts/${boar.id}?lang=pl`,
      'Numer zgłoszenia': boar.id,
    });
    expect(sheet.getCell('F2').type).toBe(ExcelJS.ValueType.String);
    // The heading row stays in view while scrolling.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('speaks the visitor language: Ukrainian from Accept-Language, English by lang', async () => {
    const uk = await download(`/Alerts.xlsx?${QUERY}`, { 'accept-language': 'uk-UA,uk;q=0.9' });
    expect(uk.res.headers['content-language']).toBe('uk');
    expect(uk.sheet.name).toBe('Повідомлення');
    expect(uk.headings.slice(0, 2)).toEqual(['Повідомлено', 'Тварина']);
    expect(uk.rows[0]!.slice(1, 5)).toEqual(['Дикий кабан', '2–5', 'так', 'агресивна']);

    const en = await download(`/Alerts.xlsx?${QUERY}&lang=en`, { 'accept-language': 'pl' });
    expect(en.headings.slice(0, 2)).toEqual(['Reported', 'Animal']);
    expect(en.rows[0]!.slice(1, 5)).toEqual(['Wild boar', '2–5', 'yes', 'aggressive']);
  });

  it('takes the filters of GET /Alerts: nothing matches, only the headings', async () => {
    const { headings, rows } = await download(`/Alerts.xlsx?${QUERY}&animal=fox&lang=en`);
    expect(headings[0]).toBe('Reported');
    expect(rows).toEqual([]);
  });

  it("gives each photo's full address, which opens the photo", async () => {
    const away = { latitude: 49.62, longitude: 20.7 };
    const res = await t.app.inject({
      method: 'POST',
      url: '/Alerts',
      headers: { 'idempotency-key': randomUUID() },
      payload: { ...away, animal: 'fox' },
    });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 60, b: 30 } } }).png().toBuffer();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/Alerts/${res.json().data.id}/photos`,
      headers: { 'content-type': 'image/png', 'alert-key': res.headers['alert-key'] as string, 'idempotency-key': randomUUID() },
      payload: photo,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { headings, rows } = await download(`/Alerts.xlsx?Latitude=${away.latitude}&Longitude=${away.longitude}&Radius=1&lang=en`);
    const address = String(rows[0]![headings.indexOf('Photos')]);
    expect(address).toMatch(/^http:\/\/wildalert\.example\/photos\/\S+\.webp$/);
    const copy = await t.app.inject({ method: 'GET', url: new URL(address).pathname });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
  });

  it('refuses a bad query with problem+json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/Alerts.xlsx?Latitude=91&Longitude=19.9' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
