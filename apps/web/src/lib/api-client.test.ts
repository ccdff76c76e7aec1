import { describe, expect, it } from 'vitest';
import { retryAfter } from './api-client.ts';
import { DEFAULT_TILE_URL } from '@wildalert/shared';
import { parseRuntimeConfig } from './runtime-config.ts';

describe('retryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2026-05-20T12:00:00Z');
    expect(retryAfter('30', now)).toBe(30);
    expect(retryAfter('Wed, 20 May 2026 12:02:00 GMT', now)).toBe(120);
    expect(retryAfter('Wed, 20 May 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfter(null, now)).toBeUndefined();
    expect(retryAfter('soon', now)).toBeUndefined();
  });
});

describe('parseRuntimeConfig', () => {
  it('takes the tile URL the server wrote, or the public OpenStreetMap server', () => {
    expect(parseRuntimeConfig('{"tileUrl":"http://127.0.0.1:9/tiles/{z}/{x}/{y}.png"}').tileUrl).toBe(
      'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png',
    );
    expect(parseRuntimeConfig('{}').tileUrl).toBe(DEFAULT_TILE_URL);
    expect(parseRuntimeConfig('not json').tileUrl).toBe(DEFAULT_TILE_URL);
    expect(parseRuntimeConfig(null).tileUrl).toBe(DEFAULT_TILE_URL);
  });

  it('offers e-mail alerts only when the server says it sends e-mail', () => {
    expect(parseRuntimeConfig('{"tileUrl":"x{z}","emailAlerts":true}').emailAlerts).toBe(true);
    expect(parseRuntimeConfig('{"emailAlerts":"yes"}').emailAlerts).toBe(false);
    expect(parseRuntimeConfig('{}').emailAlerts).toBe(false);
  });
});
