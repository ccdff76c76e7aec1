import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { tileSource } from './security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TILE_URL: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png' });
});
afterAll(() => t.dispose());

function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Content-Security-Policy', () => {
  it('allows only this origin, plus images and fetches from the tile server', async () => {
    for (const url of ['/Animals', '/docs/', '/Alerts/x', '/openapi.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://*.tiles.example.org']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
    }
  });

  it('derives the tile source from TILE_URL', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://tile.openstreetmap.org']);
    expect(tileSource('http://127.0.0.1:9000/tiles/{z}/{x}/{y}.png')).toEqual(['http://127.0.0.1:9000']);
    expect(tileSource('https://{s}.tile.example/{z}/{x}/{y}{r}.png')).toEqual(['https://*.tile.example']);
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toEqual([]);
  });
});

describe('security headers', () => {
  it('forbid sniffing, framing and leaking full URLs on every answer, errors included', async () => {
    for (const url of ['/Animals', '/nope', '/Alerts?Latitude=x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('CORS', () => {
  it('lets other origins read, post and send the moderator token, and names what they may read', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/Alerts/00000000-0000-4000-8000-000000000000',
      headers: {
        origin: 'https://other.example',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-methods']).split(/, */)).toEqual(['GET', 'HEAD', 'POST', 'DELETE']);
    // Alert-Key: a page on another origin adds photos to the alert it reported, as the app does.
    expect(String(preflight.headers['access-control-allow-headers']).split(/, */)).toEqual(['Content-Type', 'Idempotency-Key', 'Alert-Key', 'Authorization']);
    const res = await t.app.inject({ method: 'GET', url: '/Animals', headers: { origin: 'https://other.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers['access-control-expose-headers']).split(/, */)).toEqual(expect.arrayContaining(['Retry-After', 'Alert-Key', 'Location']));
  });
});

describe('request body limit', () => {
  it('refuses a report body over 16 KiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/Alerts/00000000-0000-4000-8000-000000000000/reports',
      payload: { reason: 'x'.repeat(17 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
