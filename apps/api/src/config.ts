/** The server's configuration: read from the environment once, validated, typed. */
import path from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  TILE_URL: Type.String({
    pattern: '\\{z\\}.*\\{x\\}.*\\{y\\}',
    default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  }),
  ADMIN_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the embedded database's folder. */
  dataDir: string;
  /** When set, PostgreSQL serves instead of the embedded engine. */
  databaseUrl: string | undefined;
  tileUrl: string;
  adminToken: string | undefined;
  logLevel: string;
}

export class ConfigError extends Error {}

/** Validates an environment (normally `process.env`); throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const known = Object.keys(EnvSchema.properties);
  // Empty variables count as unset, as in most shells' `FOO= cmd`.
  const raw = Object.fromEntries(
    known.filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]),
  );
  const value = Value.Default(EnvSchema, Value.Convert(EnvSchema, raw));
  if (!Value.Check(EnvSchema, value)) {
    const problems = [...Value.Errors(EnvSchema, value)].map(
      (e) => `${e.instancePath.slice(1) || 'environment'} ${e.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const v = value as Static<typeof EnvSchema>;
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir: path.resolve(v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    tileUrl: v.TILE_URL,
    adminToken: v.ADMIN_TOKEN,
    logLevel: v.LOG_LEVEL,
  };
}
