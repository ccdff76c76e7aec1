/** Framing: the embeddable map's page may be framed by EMBED_FRAME_ANCESTORS; every other page by nobody. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

// A stand-in for `vite build` output.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><meta name="wildalert-config" content="{}" /></head><body>app</body></html>');

let byDefault: TestApp;
let newsSite: TestApp;
beforeAll(async () => {
  byDefault = await createTestApp({}, { webDir });
  newsSite = await createTestApp({ EMBED_FRAME_ANCESTORS: 'https://news.example, https://*.gazeta.example' }, { webDir });
});
afterAll(async () => {
  await byDefault?.dispose();
  await newsSite?.dispose();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const frameAncestors = (header: unknown) => /(?:^|;)\s*frame-ancestors ([^;]*)/.exec(String(header))?.[1];

describe('the embeddable map', () => {
  it('may be framed by any site by default: no X-Frame-Options, frame-ancestors *, the rest of the policy kept', async () => {
    for (const url of ['/WildAlertApp/embed', '/WildAlertApp/embed?lat=50.06&lng=19.94&z=14&animal=boar', '/WildAlertApp/embed/']) {
      const res = await byDefault.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe('*');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'");
    }
  });

  it('may be framed only by the sites EMBED_FRAME_ANCESTORS names', async () => {
    const res = await newsSite.app.inject({ method: 'GET', url: '/WildAlertApp/embed?animal=fox' });
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(frameAncestors(res.headers['content-security-policy'])).toBe('https://news.example https://*.gazeta.example');
  });

  it('is the only page: the app, its other routes, look-alike paths and the API may be framed by none', async () => {
    for (const app of [byDefault, newsSite]) {
      for (const url of ['/WildAlertApp/', '/WildAlertApp/addAlert', '/WildAlertApp/embedded', '/WildAlertApp/alerts/embed', '/WildAlertApp/embed.js', '/Animals', '/embed']) {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'none'");
      }
    }
  });
});
