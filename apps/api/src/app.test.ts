import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANIMALS } from '@wildalert/shared';
import { createTestApp, engine, type TestApp } from '../test/helpers.ts';

// A stand-in for `vite build` output.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><meta name="wildalert-config" content="{}" />' +
    ['pl', 'en', 'uk'].map((l) => `<link rel="modulepreload" crossorigin href="/WildAlertApp/assets/messages-${l}-core-x.js" data-language="${l}">`).join('') +
    '<link rel="modulepreload" crossorigin href="/WildAlertApp/assets/add-form-x.js" data-route="/addAlert">' +
    '<link rel="modulepreload" crossorigin href="/WildAlertApp/assets/map-extras-x.js" data-route="">' +
    ['pl', 'en', 'uk'].map((l) => `<link rel="modulepreload" crossorigin href="/WildAlertApp/assets/messages-${l}-add-alert-x.js" data-route="/addAlert" data-language="${l}">`).join('') +
    '</head><body>app</body></html>',
);
fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
fs.writeFileSync(path.join(webDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TILE_URL: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png' }, { webDir });
});
afterAll(async () => {
  await t.dispose();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /health', () => {
  it('says the API is up, which engine serves it and how many alerts it holds', async () => {
    const res = await get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { engine: engine(), up: true }, alerts: 0 });
  });
});

describe('GET /Animals', () => {
  it('lists the catalogue with Polish, English and Ukrainian names, "other" last', async () => {
    const res = await get('/Animals');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual(ANIMALS);
    expect(data.map((a: { key: string }) => a.key)).toEqual(
      expect.arrayContaining(['boar', 'fox', 'roe-deer', 'red-deer', 'hare', 'badger', 'marten', 'beaver', 'moose', 'wolf', 'lynx', 'bear', 'other']),
    );
    expect(data.at(-1).key).toBe('other');
    expect(data[0]).toEqual({
      key: 'boar', namePl: 'Dzik', nameEn: 'Wild boar', nameUk: 'Дикий кабан', sensitive: false,
      scientificName: 'Sus scrofa', taxonRank: 'species', kingdom: 'Animalia',
      freshHours: 6,
      advice: ['keep-distance', 'do-not-corner', 'leash-dogs', 'do-not-feed'],
      expectedInCity: true, usualMost: 'more', rare: false,
    });
  });
});

describe('API description', () => {
  it('serves an OpenAPI document naming every endpoint', async () => {
    const res = await get('/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/Alerts', '/Alerts/{id}', '/Alerts/{id}/reports', '/moderation/reports', '/moderation/alerts/{id}/restore', '/Animals', '/health']),
    );
    expect(doc.components.securitySchemes.staffToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.staffSession).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.paths['/Alerts/{id}'].delete.security).toEqual([{ staffSession: [] }, { staffToken: [] }]);
    expect(Object.keys(doc.paths['/Alerts'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(doc.paths['/Alerts'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['latitude', 'longitude', 'radius', 'animal', 'since', 'limit']),
    );
  });

  it('serves a browsable page at /docs, with its assets from this server', async () => {
    const res = await get('/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // No CDN: every script and style comes from this server.
    expect(res.body).not.toMatch(/(src|href)="https?:/);
  });
});

describe('CORS', () => {
  it('lets pages on other origins read and post', async () => {
    const res = await get('/Animals', { origin: 'https://example.org' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/Alerts',
      headers: {
        origin: 'https://example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
  });
});

describe('the web app under /WildAlertApp/', () => {
  it('redirects / there', async () => {
    for (const url of ['/', '/WildAlertApp']) {
      const res = await get(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/WildAlertApp/');
    }
  });

  it('answers index.html, with the run-time configuration, for the app and its deep links', async () => {
    for (const url of ['/WildAlertApp/', '/WildAlertApp/addAlert', '/WildAlertApp/test', '/WildAlertApp/addAlert?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<body>app</body>');
      const content = /name="wildalert-config" content="([^"]*)"/.exec(res.body)![1]!;
      const json = content.replaceAll('&#34;', '"');
      // No SMTP and no geocoder in the tests: no e-mail alerts, no place search.
      expect(JSON.parse(json)).toEqual({ tileUrl: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png', emailAlerts: false, placeSearch: false, publicDashboard: false });
      // The tile server's connection opens while the app's script downloads.
      expect(res.body).toContain('<link rel="preconnect" href="http://127.0.0.1:9" />');
    }
  });

  it("preloads the first screen's messages in the language the app will start in", async () => {
    const preloaded = (body: string) => [...body.matchAll(/messages-([a-z]{2})-core-x\.js/g)].map((m) => m[1]);
    const cases: Array<[url: string, acceptLanguage: string | undefined, expected: string]> = [
      ['/WildAlertApp/', undefined, 'pl'],
      ['/WildAlertApp/', 'uk-UA,uk;q=0.9,en;q=0.8', 'uk'],
      ['/WildAlertApp/addAlert', 'de-DE,de;q=0.9,en;q=0.5', 'en'],
      ['/WildAlertApp/', 'fr', 'pl'],
      // A shared link's language comes first, as in the app.
      ['/WildAlertApp/alerts/1?lang=en', 'pl', 'en'],
    ];
    for (const [url, acceptLanguage, expected] of cases) {
      const res = await get(url, acceptLanguage ? { 'accept-language': acceptLanguage } : {});
      expect(preloaded(res.body), `${url} ${acceptLanguage}`).toEqual([expected]);
      expect(res.headers.vary).toMatch(/accept-language/i);
    }
  });

  it("preloads a lazy screen's code and messages on its own address only, the map's on the others", async () => {
    const preloads = (body: string) => [...body.matchAll(/assets\/([\w-]+)\.js/g)].map((m) => m[1]);
    expect(preloads((await get('/WildAlertApp/addAlert', { 'accept-language': 'uk' })).body)).toEqual([
      'messages-uk-core-x',
      'add-form-x',
      'messages-uk-add-alert-x',
    ]);
    for (const url of ['/WildAlertApp/', '/WildAlertApp/alerts/1', '/WildAlertApp/addAlert/x']) {
      expect(preloads((await get(url, { 'accept-language': 'uk' })).body), url).toEqual(['messages-uk-core-x', 'map-extras-x']);
    }
  });

  it('serves assets, hashed ones as immutable', async () => {
    const js = await get('/WildAlertApp/assets/index-abc123.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    const svg = await get('/WildAlertApp/logo.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['cache-control']).toBe('no-cache');
  });

  it("sends a hashed asset the headers a file obeys, not a page's (a first visit loads ~15 such files)", async () => {
    const js = await get('/WildAlertApp/assets/index-abc123.js');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(js.headers['cross-origin-resource-policy']).toBe('same-site');
    for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-ratelimit-limit', 'access-control-expose-headers']) {
      expect(js.headers[header], header).toBeUndefined();
    }
    // The page itself, and the other files of the app, keep them all.
    for (const url of ['/WildAlertApp/', '/WildAlertApp/logo.svg']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('answers 404 for a missing asset instead of the app', async () => {
    for (const url of ['/WildAlertApp/assets/missing-1.js', '/WildAlertApp/missing.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('does not serve files outside its folder', async () => {
    for (const url of ['/WildAlertApp/../package.json', '/WildAlertApp/%2e%2e/%2e%2e/package.json', '/WildAlertApp/..%2fpackage.json']) {
      const res = await get(url);
      expect(res.body, url).not.toContain('"name"');
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('HEAD', () => {
  it('answers as GET does, without the body: the same status and Content-Length', async () => {
    const urls = ['/Animals', '/health', '/nothing', '/Alerts/x', '/Alerts?latitude=91&longitude=0', '/moderation/alerts/x/restore'];
    for (const url of urls) {
      const [got, head] = [await get(url), await t.app.inject({ method: 'HEAD', url })];
      expect({ url, status: head.statusCode, length: head.headers['content-length'] }).toEqual({
        url,
        status: got.statusCode,
        length: String(Buffer.byteLength(got.body)),
      });
      expect(head.body).toBe('');
    }
  });
});
