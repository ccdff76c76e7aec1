import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactEntry, ContactListResponse } from '@wildalert/shared';
import { ConfigError } from '../config.ts';
import { loadContacts } from '../repositories/contacts-table.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-contacts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, table: unknown) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, typeof table === 'string' ? table : JSON.stringify(table));
  return p;
};

const KRAKOW = { latitude: 50.0614, longitude: 19.9366 };
const WARSAW = { latitude: 52.2297, longitude: 21.0122 };
const GDANSK = { latitude: 54.352, longitude: 18.6466 };
const numbers = (res: { json(): unknown }) => (res.json() as ContactListResponse).data.map((c) => c.phone);

describe('GET /Contacts with the bundled table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dispose());
  const get = (query: string) => t.app.inject({ method: 'GET', url: `/Contacts?${query}` });

  it("answers Kraków's City Guard first, the veterinary officer (no number) next and the emergency number last in Kraków; elsewhere only 112", async () => {
    const res = await get(`Latitude=${KRAKOW.latitude}&Longitude=${KRAKOW.longitude}`);
    expect(res.statusCode).toBe(200);
    // Admins change organisations, and openNow turns with the clock.
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { data } = res.json<ContactListResponse>();
    expect(data.map((c) => c.phone)).toEqual(['986', null, '112']);
    expect(data[0]).toMatchObject({
      name: { pl: 'Straż Miejska Miasta Krakowa', en: 'Kraków City Guard', uk: 'Міська варта Кракова' },
      organisationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      inbox: true,
      openNow: true,
    });
    expect(data[1]).toMatchObject({ name: { pl: 'Powiatowy Lekarz Weterynarii w Krakowie' }, inbox: true, openNow: expect.any(Boolean) });
    expect(data[2]).toMatchObject({ name: { pl: 'Numer alarmowy' }, inbox: false, openNow: true });
    expect(numbers(await get(`latitude=${WARSAW.latitude}&longitude=${WARSAW.longitude}`))).toEqual(['112']);
  });

  it('answers only the services for a behaviour when one is given', async () => {
    const at = `Latitude=${KRAKOW.latitude}&Longitude=${KRAKOW.longitude}`;
    expect(numbers(await get(`${at}&behaviour=dead-on-road`))).toEqual(['986']);
    expect(numbers(await get(`${at}&behaviour=aggressive`))).toEqual(['986', '112']);
    expect(numbers(await get(`${at}&behaviour=found-dead`))).toEqual([null]);
    expect(numbers(await get(`${at}&behaviour=calm`))).toEqual([]);
  });

  it("given the animal, lists and marks those whose inbox takes its report: a dead boar's goes to the veterinary officer too", async () => {
    const at = `Latitude=${KRAKOW.latitude}&Longitude=${KRAKOW.longitude}`;
    const takers = async (query: string) =>
      (await get(`${at}&${query}`)).json<ContactListResponse>().data.map((c) => `${c.name.en}${c.inbox ? ' (inbox)' : ''}`);
    // The officer is not one to call about a boar on the road, but its rules take every dead boar.
    expect(await takers('behaviour=dead-on-road&animal=boar')).toEqual(['Kraków City Guard (inbox)', 'District Veterinary Officer in Kraków (inbox)']);
    expect(await takers('behaviour=found-dead&animal=boar')).toEqual(['Kraków City Guard (inbox)', 'District Veterinary Officer in Kraków (inbox)']);
    expect(await takers('behaviour=dead-on-road&animal=fox')).toEqual(['Kraków City Guard (inbox)']);
    expect(await takers('behaviour=aggressive&animal=fox')).toEqual(['Kraków City Guard (inbox)', 'Emergency number']);
    // A calm fox goes to no inbox, and no one is to call about it.
    expect(await takers('behaviour=calm&animal=fox')).toEqual([]);
    expect((await get(`${at}&animal=wolf-like`)).statusCode).toBe(400);
  });

  it.each([['Latitude=91&Longitude=19'], ['Longitude=19'], [`Latitude=50&Longitude=19&behaviour=angry`]])('refuses %s with a 400 problem', async (query) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('a table of its own (CONTACTS_FILE)', () => {
  // A polygon around Warsaw's Kampinos forest, a circle in Warsaw's centre inside it, and a vet for injured animals everywhere.
  const table: ContactEntry[] = [
    { name: { pl: 'Weterynarz' }, phone: '+48 22 000 00 00', area: null, for: ['injured'] },
    {
      name: { pl: 'Kampinoski Park Narodowy', en: 'Kampinos National Park' },
      phone: '22 722 60 01',
      url: 'https://kampinoski-pn.gov.pl/',
      area: { type: 'Polygon', coordinates: [[[20.3, 52.2], [21.2, 52.2], [21.2, 52.45], [20.3, 52.45], [20.3, 52.2]]] },
      for: ['aggressive', 'injured'],
    },
    { name: { pl: 'Straż Miejska Warszawy' }, phone: '986', area: { ...WARSAW, radiusKm: 5 }, for: ['aggressive', 'injured', 'dead-on-road'] },
    // Hours: one always within them, one never (from and to equal), far from the others.
    { name: { pl: 'Całą dobę' }, phone: '111 111 111', area: { ...GDANSK, radiusKm: 5 }, for: ['injured'], inbox: true, hours: [{ days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00' }] },
    { name: { pl: 'Nigdy' }, phone: '222 222 222', area: { ...GDANSK, radiusKm: 6 }, for: ['injured'], inbox: true, hours: [{ days: [1], from: '10:00', to: '10:00' }] },
  ];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTACTS_FILE: file('warsaw.json', table) });
  });
  afterAll(() => t.dispose());

  it('matches circles and polygons by place, the smallest area first and "everywhere" last', async () => {
    const at = (p: { latitude: number; longitude: number }) => t.app.inject({ method: 'GET', url: `/Contacts?Latitude=${p.latitude}&Longitude=${p.longitude}` });
    expect(numbers(await at(WARSAW))).toEqual(['986', '22 722 60 01', '+48 22 000 00 00']);
    // In the forest, 20 km from the centre: the polygon only.
    expect(numbers(await at({ latitude: 52.35, longitude: 20.6 }))).toEqual(['22 722 60 01', '+48 22 000 00 00']);
    expect(numbers(await at(KRAKOW))).toEqual(['+48 22 000 00 00']);
  });

  it('says whether each is within its hours now, and whether it has an inbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/Contacts?Latitude=${GDANSK.latitude}&Longitude=${GDANSK.longitude}` });
    expect(res.json<ContactListResponse>().data.map(({ phone, inbox, openNow }) => ({ phone, inbox, openNow }))).toEqual([
      { phone: '111 111 111', inbox: true, openNow: true },
      { phone: '222 222 222', inbox: true, openNow: false },
      { phone: '+48 22 000 00 00', inbox: false, openNow: true },
    ]);
  });

  it('refuses to start on a table that is not JSON or not a table of contacts, naming the file', () => {
    for (const [name, content] of [
      ['broken.json', '[{"name": '],
      ['no-phone.json', [{ name: { pl: 'X' }, area: null, for: ['injured'] }]],
      ['bad-rule.json', [{ name: { pl: 'X' }, phone: '986', area: null, for: [], rules: [{ animals: ['dragon'], behaviours: null }] }]],
      ['bad-behaviour.json', [{ name: { pl: 'X' }, phone: '986', area: null, for: ['sleepy'] }]],
      ['bad-area.json', [{ name: { pl: 'X' }, phone: '986', area: { latitude: 50, longitude: 19 }, for: ['injured'] }]],
    ] as const) {
      const p = file(name, content);
      expect(() => loadContacts(p), name).toThrow(ConfigError);
      expect(() => loadContacts(p), name).toThrow(p);
    }
  });
});
