/**
 * The docs' commands work as written (README.md, docs/*.md: scripts/docs.ts): `npm start` on a
 * fresh data folder, then the embed snippet and every curl example.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAdminLink, freePort, processesWith, processMarker, REPO_ROOT, StaffClient } from '@wildalert/test-support';
import { readMapUrl } from '../apps/web/src/lib/map-url.ts';
import { blocksOf, documented, shellCommands } from './docs.ts';

const exec = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-readme-'));
let port: number;
let origin: string;
let server: ReturnType<typeof spawn>;
let output = '';
const marker = processMarker('WILDALERT_README_TEST');

beforeAll(async () => {
  // Its `npm ci` is the install this run is on (and CI's, .ci/run).
  documented('npm ci && npm start');
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', [marker[0]]: marker[1] },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a terminal or a service manager runs it.
    detached: true,
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(`${origin}/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`npm start did not serve:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 150_000);

afterAll(() => {
  // The last test stops it; after a failure, whatever is left is killed.
  for (const { pid } of processesWith(marker)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves the API on the embedded database', async () => {
    const health = await (await fetch(`${origin}/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: { engine: 'pglite', up: true } });
    expect(fs.readdirSync(dataDir).length).toBeGreaterThan(0);
  });

  it('serves the web app under /WildAlertApp/ and redirects / there', async () => {
    const page = await fetch(`${origin}/WildAlertApp/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
    const root = await fetch(`${origin}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/WildAlertApp/');
  });

  it('says where the app is on one plain line once it serves', () => {
    expect(output).toMatch(new RegExp(`^WildAlert is ready: http://localhost:${port}/WildAlertApp/$`, 'm'));
  });

  it('prints, on its first start, a one-time link that makes the first admin (docs/staff-accounts.md)', async () => {
    const link = await firstAdminLink(() => output);
    expect(link).toMatch(new RegExp(`^http://localhost:${port}/WildAlertApp/staff/invite#[\\w-]{43}$`));
    const admin = new StaffClient(origin);
    expect(await admin.acceptInvite(link, 'Pierwsza Admin')).toMatchObject({ name: 'Pierwsza Admin', role: 'admin' });
    await expect(new StaffClient(origin).acceptInvite(link)).rejects.toThrow(/404/);
  });

  it('logs JSON lines', () => {
    const lines = output.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe('the embed snippet (docs/user-guide.md)', () => {
  const snippet = blocksOf('html').find((block) => block.includes('<iframe')) ?? '';
  const src = /<iframe src="([^"]+)"/.exec(snippet)?.[1] ?? '';

  it('frames the embeddable map, which any site may frame by default, at the view and animal it names', async () => {
    expect(src).toMatch(/^http:\/\/localhost:8080\/WildAlertApp\/embed\?/);
    const url = new URL(src.replace('http://localhost:8080', origin));
    const state = readMapUrl(url.search);
    expect(state.view).toEqual({ latitude: 50.06143, longitude: 19.93658, zoom: 14 });
    expect(state.animals).toEqual(['boar']);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy')).toMatch(/(^|;)\s*frame-ancestors \*(;|$)/);
    // The app's own page is not for framing.
    expect((await fetch(`${origin}/WildAlertApp/`)).headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('the API examples (docs/api.md)', () => {
  const examples = shellCommands()
    .map((c) => c.command)
    .filter((command) => command.startsWith('curl '));

  it('has curl examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(4);
  });

  it('runs each against the server and gets a successful answer: JSON, or the Atom feed', async () => {
    for (const example of examples) {
      const command = example.replaceAll('http://localhost:8080', origin).replace(/^curl -s/, 'curl -sS --fail-with-body');
      const { stdout } = await exec('bash', ['-c', command]);
      if (example.includes('/Alerts.atom')) expect(stdout, example).toMatch(/^<\?xml [^>]*\?>\s*<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"[\s\S]*<\/feed>\s*$/);
      else expect(() => JSON.parse(stdout), example).not.toThrow();
    }
    const { data } = await (await fetch(`${origin}/Alerts?Latitude=50.0497&Longitude=19.9445`)).json();
    expect(data.map((a: { comments: string }) => a.comments)).toContain('Dwa dziki przy Plantach');
  });
});

describe('npm start, stopped', () => {
  it('on SIGTERM to the npm process alone (as a service manager or a container stops it), the server stops gracefully and npm exits, leaving nothing running', async () => {
    expect(processesWith(marker).length).toBeGreaterThanOrEqual(2);
    // Node tells of the exit a moment after the process is gone: wait for its word, not the process list.
    const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve([code, signal])));
    server.kill('SIGTERM');
    await expect.poll(() => processesWith(marker), { timeout: 15_000 }).toEqual([]);
    expect(output).toContain('"msg":"stopped"');
    expect(await exited).toEqual([0, null]);
    await expect(fetch(`${origin}/health`)).rejects.toThrow();
  });
});
