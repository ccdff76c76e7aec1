import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startNominatim, type NominatimStandIn } from '@wildalert/test-support';
import type { Alert, AlertListResponse, PlaceListResponse } from '@wildalert/shared';
import { gridCellCentre } from '../repositories/public-location.ts';
import { createTestApp, postAlert, type TestApp } from '../../test/helpers.ts';

/** Near Kraków's Zwierzyniec, where the stand-in's reverse answers Królowej Jadwigi. */
const ZWIERZYNIEC = { latitude: 50.0632, longitude: 19.8921 };

const searches = (standIn: NominatimStandIn) => standIn.requests.filter((r) => r.path.endsWith('/search'));
const reverses = (standIn: NominatimStandIn) => standIn.requests.filter((r) => r.path.endsWith('/reverse'));

describe('GET /places through the geocoder', () => {
  let standIn: NominatimStandIn;
  let t: TestApp;
  beforeAll(async () => {
    // Under a path, as a Nominatim behind a proxy often is: the server keeps it.
    standIn = await startNominatim('/nominatim');
    t = await createTestApp({
      GEOCODER_URL: standIn.url,
      GEOCODER_USER_AGENT: 'WildAlert tests (ops@wildalert.test)',
      GEOCODER_INTERVAL_MS: '0',
      // Short, for the frozen geocoder's test; long enough for a first connection on a busy machine.
      GEOCODER_TIMEOUT_MS: '2000',
      GEOCODER_SEARCHES_PER_MINUTE: '2',
    });
  });
  afterAll(async () => {
    await t.dispose();
    await standIn.close();
  });
  afterEach(() => {
    standIn.thaw();
    standIn.padding = 0;
  });
  // Each search from an address of its own, but where a test names one: two searches a minute each.
  let client = 0;
  const search = (q: string, headers: Record<string, string> = {}, from = `192.0.2.${++client}`) =>
    t.app.inject({ method: 'GET', url: `/places?q=${encodeURIComponent(q)}`, headers, remoteAddress: from });

  it('finds Zakrzówek through the geocoder, named in the language asked, with its extent as [south, west, north, east]', async () => {
    const res = await search('Zakrzówek', { 'accept-language': 'en-GB,en;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.json<PlaceListResponse>().data).toEqual([
      {
        name: 'Zakrzówek',
        label: 'Zakrzówek, Dębniki, Kraków, województwo małopolskie, Polska',
        latitude: 50.0369,
        longitude: 19.9127,
        bbox: [50.033, 19.905, 50.041, 19.921],
      },
    ]);
    const [sent] = searches(standIn);
    expect(sent?.path).toBe('/nominatim/search');
    expect(Object.fromEntries(sent!.params)).toEqual({ q: 'Zakrzówek', format: 'jsonv2', limit: '5', 'accept-language': 'en' });
    expect(sent?.userAgent).toBe('WildAlert tests (ops@wildalert.test)');
  });

  it('answers a search it keeps without asking the geocoder again, whatever its case and spaces', async () => {
    await search('Zakrzówek', { 'accept-language': 'pl' });
    const asked = searches(standIn).length;
    const again = await search('  zakrzówek ', { 'accept-language': 'pl' });
    expect(again.statusCode).toBe(200);
    expect(again.json<PlaceListResponse>().data[0]?.name).toBe('Zakrzówek');
    expect(searches(standIn)).toHaveLength(asked);
  });

  it("sends the visitor's text only as the encoded q: it cannot change the geocoder's address, path or parameters", async () => {
    const q = '../../reverse?lat=1&lon=2#x @evil.example/';
    const res = await search(q);
    expect(res.statusCode).toBe(200);
    expect(res.json<PlaceListResponse>().data).toEqual([]);
    const sent = searches(standIn).at(-1)!;
    expect(sent.path).toBe('/nominatim/search');
    expect(sent.params.get('q')).toBe(q);
    expect([...sent.params.keys()].sort()).toEqual(['accept-language', 'format', 'limit', 'q']);
  });

  it('refuses an empty or overlong search with problem+json, asking no one', async () => {
    const before = standIn.requests.length;
    for (const q of ['', '   ', 'x'.repeat(201)]) {
      const res = await search(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect(standIn.requests).toHaveLength(before);
  });

  it('limits the searches one client address sends to the geocoder; searches it keeps are not counted', async () => {
    const from = '198.51.100.7';
    expect((await search('Wola Justowska', {}, from)).statusCode).toBe(200);
    expect((await search('Tyniec', {}, from)).statusCode).toBe(200);
    const third = await search('Bielany', {}, from);
    expect(third.statusCode).toBe(429);
    expect(third.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search('Wola Justowska', {}, from)).statusCode).toBe(200);
    expect((await search('Bielany')).statusCode).toBe(200);
  });

  it('answers 503 problem+json when the answer is too large, and soon when the geocoder is frozen; then leaves it alone a while', async () => {
    standIn.padding = 300 * 1024;
    const large = await search('Nowa Huta');
    expect(large.statusCode).toBe(503);
    expect(large.json()).toMatchObject({ status: 503, type: '/problems/geocoder-unavailable' });
    standIn.padding = 0;
    standIn.freeze();
    const frozen = await search('Tyniec, opactwo');
    expect(frozen.statusCode).toBe(503);
    expect(frozen.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(frozen.headers['retry-after']).toBe('5');
    expect(frozen.json()).toMatchObject({ status: 503, type: '/problems/geocoder-unavailable' });
    // The next search within Retry-After is answered at once, without asking the frozen geocoder.
    const asked = standIn.requests.length;
    expect((await search('Kazimierz')).statusCode).toBe(503);
    expect(standIn.requests).toHaveLength(asked);
  });
});

describe('without a geocoder (GEOCODER_URL empty)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GEOCODER_URL: '' });
  });
  afterAll(() => t.dispose());

  it('answers GET /places 404 problem+json, and alerts are stored and shown without a place', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/places?q=Zakrz%C3%B3wek' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ detail: 'This server has no place search (no geocoder is configured).' });
    const alert = await postAlert(t.app, { ...ZWIERZYNIEC, animal: 'fox' });
    expect(alert.place).toBeNull();
  });
});

describe("the geocoder's pace, and alerts' street and district", () => {
  let standIn: NominatimStandIn;
  let t: TestApp;
  beforeAll(async () => {
    standIn = await startNominatim();
    // The defaults: OpenStreetMap's pace, the User-Agent made from the configuration's contact.
    t = await createTestApp({ GEOCODER_URL: standIn.url });
  });
  afterAll(async () => {
    await t.dispose();
    await standIn.close();
  });
  const shown = async (id: string): Promise<Alert | undefined> => {
    const res = await t.app.inject({ method: 'GET', url: `/Alerts?Latitude=${ZWIERZYNIEC.latitude}&Longitude=${ZWIERZYNIEC.longitude}&Radius=5` });
    return res.json<AlertListResponse>().data.find((a) => a.id === id);
  };

  it('asks the geocoder at most once a second by default, searches at once included', async () => {
    const answers = await Promise.all(['Tyniec', 'Bielany', 'Kopiec Kościuszki'].map((q) => t.app.inject({ method: 'GET', url: `/places?q=${encodeURIComponent(q)}` })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const at = searches(standIn).map((r) => r.at);
    expect(at).toHaveLength(3);
    // Timers may fire a millisecond early; never a whole interval.
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(990);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(990);
    // Its User-Agent says who runs it, from the configuration's contact.
    expect(searches(standIn)[0]?.userAgent).toBe('WildAlert (+mailto:wildalert@localhost)');
  });

  it('are looked up in the background after a new alert is stored, without holding its POST, and then shown by GET /Alerts, GeoJSON and CSV', async () => {
    standIn.freeze();
    // Answered while the geocoder holds the lookup: the POST never waits for it.
    const alert = await postAlert(t.app, { ...ZWIERZYNIEC, animal: 'boar', comments: 'Locha z młodymi' });
    expect(alert.place).toBeNull();
    await vi.waitFor(() => expect(reverses(standIn)).toHaveLength(1));
    expect((await shown(alert.id))?.place).toBeNull();
    standIn.thaw();
    await vi.waitFor(async () => expect((await shown(alert.id))?.place).toEqual({ street: 'Królowej Jadwigi', district: 'Zwierzyniec' }));
    const sent = reverses(standIn)[0]!;
    expect(Object.fromEntries(sent.params)).toEqual({ lat: '50.0632', lon: '19.8921', format: 'jsonv2', zoom: '18', addressdetails: '1' });

    const query = `Latitude=${ZWIERZYNIEC.latitude}&Longitude=${ZWIERZYNIEC.longitude}&Radius=5`;
    const geojson = await t.app.inject({ method: 'GET', url: `/Alerts.geojson?${query}` });
    expect(geojson.json().features[0].properties.place).toEqual({ street: 'Królowej Jadwigi', district: 'Zwierzyniec' });
    const csv = (await t.app.inject({ method: 'GET', url: `/Alerts.csv?${query}` })).body.split('\r\n');
    expect(csv[1]).toContain('"Królowej Jadwigi, Zwierzyniec"');
    // Looked up once: nothing asks the geocoder again.
    await t.app.streetNames?.flush();
    expect(reverses(standIn)).toHaveLength(1);
  });

  it('give a sensitive species only its district, looked up at its coarsened point, never its street or neighbourhood', async () => {
    const before = reverses(standIn).length;
    const wolf = await postAlert(t.app, { ...ZWIERZYNIEC, animal: 'wolf' });
    await vi.waitFor(async () => expect((await shown(wolf.id))?.place).not.toBeNull());
    expect((await shown(wolf.id))?.place).toEqual({ street: null, district: 'Zwierzyniec' });
    const cell = gridCellCentre(ZWIERZYNIEC);
    const sent = reverses(standIn).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params.get('lat')).toBe(cell.latitude.toFixed(4));
    expect(sent[0]?.params.get('lon')).toBe(cell.longitude.toFixed(4));
    // Even where the geocoder names no district but a neighbourhood: nothing finer than a district is shown.
    standIn.address = { road: 'Zielona', neighbourhood: 'Las Wolski', city: 'Kraków' };
    const lynx = await postAlert(t.app, { latitude: 50.0532, longitude: 19.8521, animal: 'lynx' });
    await vi.waitFor(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/Alerts/${lynx.id}` });
      expect(res.json<{ data: Alert }>().data.place).toEqual({ street: null, district: 'Kraków' });
    });
  });
});
