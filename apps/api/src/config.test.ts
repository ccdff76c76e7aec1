import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for a local run on the embedded database', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      adminToken: undefined,
      trustProxy: false,
      rateLimit: { postsPerMinute: 10, postsPerDay: 100, readsPerMinute: 1200 },
      logLevel: 'info',
    });
  });

  it('reads the abuse limits, which can be raised without bound (benchmarks, tests)', () => {
    expect(
      loadConfig({ RATE_LIMIT_POSTS_PER_MINUTE: '1000000', RATE_LIMIT_POSTS_PER_DAY: '5', RATE_LIMIT_READS_PER_MINUTE: '60' }).rateLimit,
    ).toEqual({ postsPerMinute: 1_000_000, postsPerDay: 5, readsPerMinute: 60 });
  });

  it.each([
    ['false', false],
    ['true', true],
    ['TRUE', true],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1,::1, fd00::/8', ['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('reads every variable, treating empty ones as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/wildalert',
      DATABASE_URL: 'postgres://u:p@db:5432/wildalert',
      TILE_URL: 'http://tiles.local/{z}/{x}/{y}.png',
      ADMIN_TOKEN: 'a-long-enough-secret',
      LOG_LEVEL: 'warn',
      UNRELATED: 'x',
    });
    expect(config).toMatchObject({ port: 9000, host: '0.0.0.0', dataDir: '/var/lib/wildalert', logLevel: 'warn' });
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['TILE_URL', 'https://tiles.example/tile.png'],
    ['ADMIN_TOKEN', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '2'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,nginx'],
    ['RATE_LIMIT_POSTS_PER_MINUTE', '0'],
    ['RATE_LIMIT_POSTS_PER_DAY', 'many'],
    ['RATE_LIMIT_READS_PER_MINUTE', '-5'],
  ])('refuses a bad %s (%s), naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
