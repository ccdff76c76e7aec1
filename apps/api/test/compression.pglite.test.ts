/**
 * Compression over real HTTP: the built web app's script and a search answer come Brotli- or
 * gzip-compressed when the client asks for it, and as they are when it does not; the live
 * stream never is. Runs once (the embedded engine's project): nothing here depends on the
 * engine, and the web build it reads is the one `npm start` serves.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, openStream } from '@wildalert/test-support';
import { DEFAULT_WEB_DIR } from '../src/app.ts';
import { createTestApp, postAlert, type TestApp } from './helpers.ts';

const KRAKOW = { latitude: 50.0497, longitude: 19.9445 };
const SEARCH = `/Alerts?Latitude=${KRAKOW.latitude}&Longitude=${KRAKOW.longitude}&Radius=15`;

let t: TestApp;
let origin: string;
/** The map's script: the entry chunk index.html loads. */
let script: { url: string; source: Buffer };

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({}, { webDir: DEFAULT_WEB_DIR });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const src = /<script type="module"[^>]* src="\/WildAlertApp\/([^"]+\.js)"/.exec(
    fs.readFileSync(path.join(DEFAULT_WEB_DIR, 'index.html'), 'utf8'),
  )?.[1];
  if (!src) throw new Error('index.html loads no module script');
  script = { url: `/WildAlertApp/${src}`, source: fs.readFileSync(path.join(DEFAULT_WEB_DIR, src)) };
  // Enough alerts for an answer well above the 1 KB threshold.
  for (let i = 0; i < 20; i++) {
    await postAlert(t.app, { latitude: KRAKOW.latitude + i / 1000, longitude: KRAKOW.longitude, animal: 'fox', comments: `Lis numer ${i} przy Wiśle` });
  }
});
afterAll(() => t.dispose());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  raw: Buffer;
}

function request(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${origin}${url}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;

describe.each([
  ['the map script', () => script.url, () => script.source],
  ['a search answer', () => SEARCH, undefined],
])('%s', (_name, url, expected) => {
  for (const encoding of ['br', 'gzip'] as const) {
    it(`comes ${encoding}-compressed to a client that accepts ${encoding}, smaller by more than half`, async () => {
      const plain = await request(url());
      const res = await request(url(), { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toBe(plain.headers['content-type']);
      const body = decode[encoding](res.raw);
      expect(body.equals(expected?.() ?? plain.raw)).toBe(true);
      expect(res.raw.length).toBeLessThan(plain.raw.length / 2);
      if (res.headers['content-length'] !== undefined) expect(Number(res.headers['content-length'])).toBe(res.raw.length);
    });
  }

  it('comes as it is to a client that accepts no encoding, or refuses them', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Array<Record<string, string>>) {
      const res = await request(url(), headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      if (expected) expect(res.raw.equals(expected())).toBe(true);
      else expect(() => JSON.parse(res.raw.toString('utf8'))).not.toThrow();
    }
  });

  it('answers HEAD with the headers GET would send, for each encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }] as Array<Record<string, string>>) {
      const [get, head] = [await request(url(), headers), await request(url(), headers, 'HEAD')];
      expect(head.status).toBe(200);
      expect(head.raw.length).toBe(0);
      for (const name of ['content-encoding', 'content-type', 'vary']) expect(head.headers[name], name).toEqual(get.headers[name]);
      if (head.headers['content-length'] !== undefined) expect(Number(head.headers['content-length'])).toBe(get.raw.length);
    }
  });
});

describe('the map script', () => {
  it('keeps its security and caching headers when compressed, and an ETag of its own per encoding', async () => {
    const [br, gzip, plain] = await Promise.all([
      request(script.url, { 'accept-encoding': 'br' }),
      request(script.url, { 'accept-encoding': 'gzip' }),
      request(script.url),
    ]);
    for (const res of [br, gzip]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // One representation's validator must never stand for another's bytes.
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    const again = await request(script.url, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
  });
});

describe('answers that stay as they are', () => {
  it('sends a problem as application/problem+json, decodable whatever the encoding', async () => {
    const res = await request('/Alerts?Latitude=91&Longitude=0', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const encoding = res.headers['content-encoding'] as keyof typeof decode | undefined;
    const body = JSON.parse((encoding ? decode[encoding](res.raw) : res.raw).toString('utf8')) as { status: number };
    expect(body.status).toBe(400);
  });

  it('reads a request body as sent, never inflating it: a gzip body is no JSON, and nothing is stored', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/health' })).json<{ alerts: number }>().alerts;
    const body = zlib.gzipSync(JSON.stringify({ ...KRAKOW, animal: 'fox', comments: 'Spakowany' }));
    const res = await new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${origin}/Alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length },
        agent: false,
      }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (d: Buffer) => chunks.push(d));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, raw: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json<{ alerts: number }>().alerts).toBe(before);
  });

  it('never compresses the live stream, and it delivers a new alert while the connection stays open', async () => {
    const s = await openStream(`${origin}/Alerts/stream?Latitude=${KRAKOW.latitude}&Longitude=${KRAKOW.longitude}`, undefined, {
      'accept-encoding': 'br, gzip',
    });
    try {
      expect(s.status).toBe(200);
      expect(s.headers.get('content-encoding')).toBeNull();
      await s.next('ready');
      const alert = await postAlert(t.app, { ...KRAKOW, animal: 'boar', comments: 'Na żywo' });
      const event = await s.next('alert');
      expect(JSON.parse(event.data)).toMatchObject({ id: alert.id });
    } finally {
      s.close();
    }
  });
});
