/**
 * Bad input at volume, against the real server over raw HTTP: random bodies, query strings,
 * paths and headers never cause a 5xx, every error is a problem, and only valid alerts are
 * stored, exactly as sent.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { ANIMAL_KEYS, CreateAlertBodySchema, type CreateAlertBody } from '@wildalert/shared';
import type { ServerProcess } from '@wildalert/test-support';
import { publicLocation } from '../src/repositories/public-location.ts';
import { createTestDatabase, UNLIMITED, type TestDatabase } from './helpers.ts';
import { rawRequest, type RawResponse } from './raw-http.ts';
import { startServerProcess } from './server-processes.ts';

/** A token of nobody's: the property tests send it, and variants, as credentials. */
const TOKEN = 'wa_property-test-token-of-nobody';
const RUNS = 250;

let database: TestDatabase;
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess({ env: { ...database.env, ...UNLIMITED, LOG_LEVEL: 'warn' } });
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  await database?.drop();
});

const send = (request: Parameters<typeof rawRequest>[1]) => rawRequest(server.port, request);

async function count(): Promise<number> {
  const res = await send({ method: 'GET', path: '/health' });
  return (JSON.parse(res.body) as { alerts: number }).alerts;
}

/** Never a 5xx; an error is a well-formed problem whose status is the answer's. */
function expectWellFormed(res: RawResponse, context: string) {
  expect(res.status, `${context}\n${res.body}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.headers['content-type'], context).toMatch(/^application\/problem\+json/);
    if (res.body !== '') {
      const problem = JSON.parse(res.body) as Record<string, unknown>;
      expect(problem).toMatchObject({ status: res.status, type: expect.any(String), title: expect.any(String), detail: expect.any(String) });
      expect(res.body).not.toMatch(/\bat .*\.ts:\d+|SELECT |INSERT /);
    }
  }
}

// ---- generators -------------------------------------------------------------------------

const awkwardChars = ['\u0000', '\ud800', '\udfff', '\ud83d\udc17', '\u2028', '\ufeff', '\u007f', 'ż', '"', '\\', '<', '%', '&', '='];
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...awkwardChars, 'a', ' '), maxLength: 30 }),
  fc.constantFrom('x'.repeat(1000), 'x'.repeat(1001), '🐗'.repeat(1000), '🐗'.repeat(1001), '<script>alert(1)</script>'),
);
/** Number literals JSON allows but doubles cannot hold, or hold only approximately. */
const numberLiteral = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.integer({ min: -200, max: 200 }).map(String),
  fc.constantFrom('1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0', '90.00000000000000000001', '9007199254740993', '1E2'),
);
const key = fc.oneof(
  fc.constantFrom('latitude', 'longitude', 'animal', 'comments', 'id', 'createdAt', '__proto__', 'constructor', 'prototype', 'Latitude', ''),
  text,
);
const animal = fc.constantFrom(...ANIMAL_KEYS, 'Boar', 'dragon', '', 'boar ', 'toString', '__proto__');

/** Any JSON text, with object keys that may repeat or poison prototypes. */
const { value: jsonText } = fc.letrec<{ value: string; leaf: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('array'), tie('object')),
  leaf: fc.oneof(numberLiteral, text.map((s) => JSON.stringify(s)), animal.map((s) => JSON.stringify(s)), fc.constantFrom('true', 'false', 'null')),
  array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map(objectText),
}));

function objectText(entries: Array<[string, string]>): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

const deep = fc.integer({ min: 50, max: 20_000 }).chain((depth) =>
  fc.constantFrom('['.repeat(depth) + ']'.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
);

/** A valid value most of the time, anything else otherwise. */
const mostly = (valid: fc.Arbitrary<string>, invalid: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: invalid, weight: 1 });

/** Mostly-valid alerts: each field usually valid, sometimes an extra field. */
const alertBody = fc
  .record({
    latitude: mostly(fc.double({ min: -90, max: 90, noNaN: true }).map((n) => JSON.stringify(n)), fc.oneof(numberLiteral, jsonText)),
    longitude: mostly(fc.double({ min: -180, max: 180, noNaN: true }).map((n) => JSON.stringify(n)), fc.oneof(numberLiteral, jsonText)),
    animal: mostly(fc.constantFrom(...ANIMAL_KEYS).map((a) => JSON.stringify(a)), fc.oneof(animal.map((a) => JSON.stringify(a)), jsonText)),
    comments: fc.option(mostly(text.map((s) => JSON.stringify(s)), fc.oneof(jsonText, deep)), { nil: undefined }),
    extra: fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary: fc.tuple(key, fc.oneof(jsonText, deep)), weight: 1 }),
  })
  .map(({ latitude, longitude, animal, comments, extra }) =>
    objectText([
      ['latitude', latitude],
      ['longitude', longitude],
      ['animal', animal],
      ...(comments === undefined ? [] : [['comments', comments] as [string, string]]),
      ...(extra === undefined ? [] : [extra]),
    ]),
  );

const contentType = fc.oneof(
  fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=latin1'),
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/problem+json', '', ';', 'application/json, text/plain', '*/*'),
  fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, '')),
);

// ---- properties -------------------------------------------------------------------------

describe('POST /Alerts with random bodies', () => {
  it('stores exactly the valid alerts, as sent, and refuses the rest with a problem, storing nothing', async () => {
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(alertBody, alertBody, jsonText, deep), async (body) => {
        const before = await count();
        const res = await send({ method: 'POST', path: '/Alerts', headers: [['Content-Type', 'application/json']], body });
        expectWellFormed(res, body.slice(0, 300));
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          parsed = undefined;
        }
        const valid = Value.Check(CreateAlertBodySchema, parsed);
        if (!valid) {
          expect(res.status, body.slice(0, 300)).toBeGreaterThanOrEqual(400);
          expect(await count()).toBe(before);
          return;
        }
        expect(res.status, `${body.slice(0, 300)}\n${res.body}`).toBe(201);
        stored++;
        const input = parsed as CreateAlertBody;
        const { data } = JSON.parse(res.body) as { data: Record<string, unknown> };
        const where = publicLocation(input, input.animal);
        // Numbers compared with ===: -0 is stored as 0.
        expect(data.latitude === where.latitude && data.longitude === where.longitude, JSON.stringify([data, where])).toBe(true);
        expect(data.animal).toBe(input.animal);
        expect(data.comments).toBe(input.comments ?? '');
        const read = await send({ method: 'GET', path: `/Alerts/${String(data.id)}` });
        expect(JSON.parse(read.body)).toEqual({ data });
        expect(await count()).toBe(before + 1);
      }),
      { numRuns: RUNS },
    );
    // The generators must reach the valid side too, or the property proves little.
    expect(stored).toBeGreaterThan(RUNS / 20);
  });

  it('refuses random bytes under any content type with a problem, storing nothing', async () => {
    const body = fc.oneof(jsonText, fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)), fc.string({ unit: 'binary', maxLength: 200 }));
    await fc.assert(
      fc.asyncProperty(body, contentType, async (payload, type) => {
        const before = await count();
        const res = await send({ method: 'POST', path: '/Alerts', headers: [['Content-Type', type]], body: payload });
        expectWellFormed(res, `${type} ${String(payload).slice(0, 100)}`);
        if (res.status !== 201) expect(await count()).toBe(before);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('GET /Alerts with random query strings', () => {
  const name = fc.oneof(
    fc.constantFrom('latitude', 'Latitude', 'LONGITUDE', 'longitude', 'radius', 'Radius', 'animal', 'since', 'limit', '__proto__', 'constructor', 'hasOwnProperty', ''),
    fc.string({ maxLength: 8 }),
  );
  const value = fc.oneof(
    numberLiteral,
    fc.constantFrom('NaN', 'Infinity', '-Infinity', '0x10', '1,5', ' 50', '50 ', '', 'true', 'null', '[]', '{}', 'boar', 'fox', '2024-01-01T00:00:00Z', '2024-13-45', '9999-12-31T23:59:59Z'),
    fc.constantFrom('%', '%z', '%zz', '%E0%A4%A', '%00', '%C0%80', '%ED%A0%80', '%uD800', '%FF', '%%', '%2', '%25', '%E2%80%A8'),
    fc.string({ unit: fc.constantFrom(...awkwardChars, 'a', '1', '.', '-', '%', '+'), maxLength: 12 }),
  );
  /** Percent-encodes only what would break the request line (spaces, controls, non-ASCII, #), keeping stray % as they are. */
  const encodeUnsafe = (s: string) =>
    [...Buffer.from(s, 'utf8')].map((b) => (b <= 0x20 || b >= 0x7f || b === 0x23 ? `%${b.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(b))).join('');
  const query = fc
    .array(fc.tuple(name, value, fc.boolean()), { maxLength: 8 })
    .map((pairs) => pairs.map(([n, v, eq]) => (eq ? `${encodeUnsafe(n)}=${encodeUnsafe(v)}` : encodeUnsafe(n))).join('&'));
  const sensible = fc
    .record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }), extra: query })
    .map(({ latitude, longitude, extra }) => `Latitude=${latitude}&Longitude=${longitude}${extra ? `&${extra}` : ''}`);

  it('answers 200 with a list or a 400 problem, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(query, sensible), async (q) => {
        const res = await send({ method: 'GET', path: `/Alerts?${q}` });
        expectWellFormed(res, q);
        expect([200, 400], `${q}\n${res.body}`).toContain(res.status);
        if (res.status === 200) {
          const body = JSON.parse(res.body) as { data: unknown[]; truncated: boolean };
          expect(Array.isArray(body.data)).toBe(true);
          expect(typeof body.truncated).toBe('boolean');
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('random methods, paths and headers', () => {
  const segment = fc.oneof(
    fc.uuid().map(String),
    fc.constantFrom('00000000-0000-4000-8000-000000000000', '..', '.', '%2e%2e', '%00', '%', '%E0%A4%A', '%ED%A0%80', 'reports', 'restore', '__proto__', ''),
    fc.string({ unit: fc.constantFrom('a', 'Z', '0', '-', '.', '~', '%', '!', '$', "'", '(', '*', ':', '@'), maxLength: 12 }),
  );
  const path = fc.oneof(
    segment.map((s) => `/Alerts/${s}`),
    segment.map((s) => `/Alerts/${s}/reports`),
    segment.map((s) => `/moderation/alerts/${s}/restore`),
    fc.constantFrom('/moderation/reports', '/Alerts', '/Animals', '/health', '/openapi.json', '//Alerts', '/alerts', '/Alerts/'),
    fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
  );
  const method = fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND');
  const headerValue = fc.oneof(
    fc.constantFrom(`Bearer ${TOKEN}x`, 'Bearer', 'Bearer  ', 'Basic YTpi', `bearer ${TOKEN.slice(1)}`, 'x'.repeat(5000)),
    fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, '')),
    fc.string({ maxLength: 20 }).map((s) => s.replace(/[\r\n]/g, '')),
  );
  const headers = fc.array(
    fc.tuple(
      fc.constantFrom('Authorization', 'Idempotency-Key', 'Content-Type', 'X-Forwarded-For', 'Origin', 'Accept', 'Accept-Encoding', 'Transfer-Encoding', 'Expect', 'X-Custom'),
      headerValue,
    ),
    { maxLength: 4 },
  );
  const body = fc.option(fc.oneof(jsonText, alertBody), { nil: undefined });

  it('never answer with a 5xx, answer errors as problems, and change nothing without the token', async () => {
    const before = await count();
    await fc.assert(
      fc.asyncProperty(method, path, headers, body, async (m, p, h, b) => {
        // A second Content-Length or Transfer-Encoding would make the framing ambiguous: Node refuses it, as it should.
        const res = await send({ method: m, path: p, headers: h, ...(b === undefined ? {} : { body: b }) });
        const context = `${m} ${p} ${JSON.stringify(h)}`;
        expectWellFormed(res, context);
        // Without the token nothing is hidden or restored.
        if (m === 'DELETE' || (m === 'POST' && p.endsWith('/restore'))) expect(res.status, context).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: RUNS },
    );
    expect(await count()).toBeGreaterThanOrEqual(before);
  });
});
