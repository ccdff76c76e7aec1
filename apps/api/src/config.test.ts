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
      logLevel: 'info',
    });
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
  ])('refuses a bad %s (%s), naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
