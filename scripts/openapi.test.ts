/**
 * The OpenAPI document held against tools nobody here wrote: Redocly's recommended rules, and
 * a Prism proxy (validating every request and answer against the document) in front of the
 * real server, sent the docs' examples and a set of good and bad requests.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAdminLink, freePort, StaffClient, startServerProcess, type ServerProcess } from '@wildalert/test-support';
import { shellCommands } from './docs.ts';

const exec = promisify(execFile);
const require = createRequire(import.meta.url);
const bin = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
const REDOCLY = bin('@redocly/cli', 'bin/cli.js');
const PRISM = bin('@stoplight/prism-cli', 'dist/index.js');

/** A moderator's personal API token, made through the first admin (from the first-start link). */
let moderatorToken = '';
const moderator = {
  get authorization() {
    return `Bearer ${moderatorToken}`;
  },
};
const json = { 'content-type': 'application/json' };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-openapi-'));
const documentFile = path.join(dir, 'openapi.json');
let server: ServerProcess;

/** A Prism proxy in front of the server; its log, for a failure's message. */
interface Proxy {
  origin: string;
  child: ChildProcess;
  log(): string;
}

async function startPrism(options: string[]): Promise<Proxy> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [PRISM, 'proxy', documentFile, server.url, '--errors', '--cors=false', '-h', '127.0.0.1', '-p', String(port), ...options],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const listening = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      log += d.toString();
      if (log.includes('Prism is listening')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Prism exited (${code}):\n${log}`)));
  });
  await listening;
  return { origin: `http://127.0.0.1:${port}`, child, log: () => log };
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

let strict: Proxy;
let lenient: Proxy;

beforeAll(async () => {
  server = await startServerProcess({
    env: {
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_POSTS_PER_MINUTE: '1000',
      RATE_LIMIT_POSTS_PER_DAY: '1000',
      // Its requests come from one address, two proxies and the examples at once; on a busy
      // machine the database-time budget per client would answer some of them 429.
      QUERY_CONCURRENCY_PER_CLIENT: '1000',
      QUERY_TIME_PER_SECOND_MS: '1000000',
      QUERY_TIME_BURST_MS: '1000000000',
    },
  });
  const admin = new StaffClient(server.url);
  await admin.acceptInvite(await firstAdminLink(server.output), 'Prism Admin');
  moderatorToken = await admin.createToken('moderator');
  fs.writeFileSync(documentFile, await (await fetch(`${server.url}/openapi.json`)).text());
  // `strict` checks requests too: a good request must pass it. `lenient` forwards any
  // request, so that the server's own answers to bad ones are checked.
  [strict, lenient] = await Promise.all([startPrism([]), startPrism(['--validate-request=false'])]);
}, 120_000);

afterAll(async () => {
  await Promise.all([stop(strict?.child), stop(lenient?.child)]);
  await server?.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Redocly's lint of a document file: its errors, each as `rule: message`. */
async function lintErrors(file: string): Promise<string[]> {
  const { stdout } = await exec(process.execPath, [REDOCLY, 'lint', file, '--extends=recommended', '--format=json'], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  }).catch((error: { stdout: string }) => error);
  const report = JSON.parse(stdout) as { totals: { errors: number }; problems: Array<{ severity: string; ruleId: string; message: string }> };
  const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
  expect(errors.length).toBe(report.totals.errors);
  return errors;
}

describe('Redocly, recommended rules', () => {
  it('finds no error in the document', async () => {
    expect(await lintErrors(documentFile)).toEqual([]);
  });

  it("finds a draft-07 tuple (an array-valued `items`, as TypeBox's Tuple writes), which OpenAPI 3.1 refuses", async () => {
    // The GeoJSON point's coordinates, the document's one tuple, written the way validating tools skipped.
    const doc = JSON.parse(fs.readFileSync(documentFile, 'utf8'));
    const coordinates = doc.paths['/Alerts.geojson'].get.responses['200'].content['application/geo+json'].schema.properties.features.items
      .properties.geometry.properties.coordinates as { prefixItems?: unknown[]; items?: unknown[] };
    expect(coordinates.prefixItems).toHaveLength(2);
    coordinates.items = coordinates.prefixItems;
    delete coordinates.prefixItems;
    const file = path.join(dir, 'openapi-draft-07-tuple.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    expect(await lintErrors(file)).toEqual(['struct: Expected type `Schema` (object) but got `array`']);
  });
});

interface Sent {
  status: number;
  violations: string | null;
  body: string;
}

async function send(proxy: Proxy, method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Sent> {
  const res = await fetch(`${proxy.origin}${url}`, { method, headers, body });
  return { status: res.status, violations: res.headers.get('sl-violations'), body: await res.text() };
}

/** Sends through `proxy`, expecting `status` from the server and no violation. */
async function agrees(proxy: Proxy, status: number, method: string, url: string, headers?: Record<string, string>, body?: string) {
  const sent = await send(proxy, method, url, headers, body);
  expect({ request: `${method} ${url}`, status: sent.status, violations: sent.violations }, sent.body).toEqual({
    request: `${method} ${url}`,
    status,
    violations: null,
  });
  return sent;
}

const alert = JSON.stringify({ latitude: 50.0614, longitude: 19.9366, animal: 'boar', comments: 'Przez Prism' });
const KRAKOW = 'latitude=50.0614&longitude=19.9366';

describe('a Prism proxy in front of the server', () => {
  it("passes the docs' examples, request and answer", async () => {
    // The same examples scripts/readme.test.ts runs against the server directly.
    const examples = shellCommands()
      .map((c) => c.command)
      .filter((command) => command.startsWith('curl ') && command.includes('http://localhost:8080'));
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const example of examples) {
      const command = example.replaceAll('http://localhost:8080', strict.origin).replace(/^curl -s/, 'curl -s -i');
      const { stdout } = await exec('bash', ['-c', command]);
      const [head = ''] = stdout.split('\r\n\r\n', 1);
      expect({ example, status: head.split(' ', 2)[1], violations: /^sl-violations:.*$/im.exec(head)?.[0] ?? null }).toEqual({
        example,
        status: expect.stringMatching(/^20[01]$/),
        violations: null,
      });
    }
  });

  it('passes good requests and their answers, anonymous and the moderator', async () => {
    await agrees(strict, 200, 'GET', `/Alerts?${KRAKOW}`);
    await agrees(strict, 200, 'GET', `/Alerts?Latitude=50.06&Longitude=19.94&Radius=2.5&animal=boar&animal=fox&limit=10&since=2026-01-01T00:00:00Z`);
    await agrees(strict, 200, 'GET', `/Alerts.geojson?${KRAKOW}`);
    await agrees(strict, 200, 'GET', `/Alerts.csv?${KRAKOW}&radius=1`);
    await agrees(strict, 200, 'GET', `/Alerts.atom?${KRAKOW}&animal=boar`);
    const created = await agrees(strict, 201, 'POST', '/Alerts', { ...json, 'idempotency-key': 'prism-1' }, alert);
    await agrees(strict, 201, 'POST', '/Alerts', { ...json, 'idempotency-key': 'prism-1' }, alert);
    const { id } = (JSON.parse(created.body) as { data: { id: string } }).data;
    await agrees(strict, 200, 'GET', `/Alerts/${id}`);
    await agrees(strict, 200, 'GET', `/Alerts/${id}`, moderator);
    await agrees(strict, 201, 'POST', `/Alerts/${id}/reports`, json, JSON.stringify({ reason: 'spam' }));
    await agrees(strict, 200, 'POST', `/Alerts/${id}/reports`, json, '{}');
    await agrees(strict, 200, 'GET', '/moderation/reports', moderator);
    await agrees(strict, 200, 'GET', '/moderation/reports?limit=5', moderator);
    await agrees(strict, 204, 'DELETE', `/Alerts/${id}`, moderator);
    await agrees(strict, 404, 'GET', `/Alerts/${id}`);
    await agrees(strict, 200, 'POST', `/moderation/alerts/${id}/restore`, moderator);
    await agrees(strict, 404, 'GET', '/Alerts/00000000-0000-4000-8000-000000000000');
    await agrees(strict, 200, 'GET', '/Animals');
    await agrees(strict, 200, 'GET', '/health');
  });

  /** Requests the document itself calls invalid: Prism must refuse them, and the server too. */
  const invalid: Array<[method: string, url: string, headers?: Record<string, string>, body?: string]> = [
    ['GET', '/Alerts?latitude=100&longitude=0'],
    ['GET', '/Alerts?latitude=50'],
    ['GET', `/Alerts?${KRAKOW}&radius=0`],
    ['GET', `/Alerts?${KRAKOW}&radius=101`],
    ['GET', `/Alerts?${KRAKOW}&limit=0`],
    ['GET', `/Alerts?${KRAKOW}&limit=5001`],
    ['GET', `/Alerts?${KRAKOW}&animal=unicorn`],
    ['GET', `/Alerts?${KRAKOW}&since=yesterday`],
    ['GET', `/Alerts.geojson?latitude=50&longitude=181`],
    ['GET', `/Alerts.csv?latitude=-91&longitude=0`],
    ['GET', '/Alerts/stream?latitude=500&longitude=0'],
    ['POST', '/Alerts', json, '{}'],
    ['POST', '/Alerts', json, JSON.stringify({ latitude: 50, longitude: 19, animal: 'boar', extra: 1 })],
    ['POST', '/Alerts', json, JSON.stringify({ latitude: 50, longitude: 19, animal: 'boar', comments: 'x'.repeat(1001) })],
    ['POST', '/Alerts', { ...json, 'idempotency-key': 'has space' }, alert],
    ['POST', '/Alerts/00000000-0000-4000-8000-000000000000/reports', json, JSON.stringify({ reason: 1 })],
    ['GET', '/moderation/reports?limit=0', moderator],
  ];

  it('refuses what the document calls invalid, as the server does, and the server says so as documented', async () => {
    for (const [method, url, headers, body] of invalid) {
      const refused = await send(strict, method, url, headers, body);
      expect(refused.body, `Prism should refuse ${method} ${url}`).toMatch(/"validation":\[\{"location":\["(query|body|header|path)"/);
      await agrees(lenient, 400, method, url, headers, body);
    }
  });

  it("checks the server's error answers against the document", async () => {
    await agrees(lenient, 401, 'GET', '/moderation/reports');
    await agrees(lenient, 401, 'DELETE', '/Alerts/00000000-0000-4000-8000-000000000000', { authorization: 'Bearer not-the-token' });
    await agrees(lenient, 404, 'DELETE', '/Alerts/00000000-0000-4000-8000-000000000000', moderator);
    await agrees(lenient, 404, 'POST', '/moderation/alerts/00000000-0000-4000-8000-000000000000/restore', moderator);
    await agrees(lenient, 404, 'POST', '/Alerts/00000000-0000-4000-8000-000000000000/reports', json, '{}');
    await agrees(lenient, 404, 'GET', '/Alerts/not-a-uuid');
    await agrees(lenient, 415, 'POST', '/Alerts', { 'content-type': 'text/plain' }, alert);
    await agrees(lenient, 413, 'POST', '/Alerts', json, JSON.stringify({ comments: 'x'.repeat(20_000) }));
    await agrees(lenient, 400, 'POST', '/Alerts', json, '{"latitude": ');
    await agrees(lenient, 201, 'POST', '/Alerts', { ...json, 'idempotency-key': 'prism-2' }, alert);
    await agrees(lenient, 422, 'POST', '/Alerts', { ...json, 'idempotency-key': 'prism-2' }, alert.replace('boar', 'fox'));
    // No such operation: Prism answers 405 itself, as the server would.
    expect((await send(lenient, 'PUT', '/Alerts')).status).toBe(405);
  });
});
