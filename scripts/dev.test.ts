/**
 * The dev loop's commands (docs/development.md): `npm run dev` serves the app through Vite and
 * every API path through Vite's proxy, on the project's Node, and Ctrl-C leaves nothing running;
 * a workspace's `npm test` runs that workspace's tests from its own folder.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, processesWith, processMarker, REPO_ROOT } from '@wildalert/test-support';
import { documented } from './docs.ts';

const exec = promisify(execFile);
/** The Node binary the `node` package installs, which every npm script runs on. */
const projectNode = fs.realpathSync(path.join(REPO_ROOT, 'node_modules/node/bin/node'));

describe('npm run dev', () => {
  const marker = processMarker('WILDALERT_DEV_TEST');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-dev-'));
  let dev: ChildProcess;
  let output = '';
  let web: string;
  let api: string;

  beforeAll(async () => {
    const [, ...args] = documented('npm run dev').split(' ');
    const [apiPort, webPort] = [await freePort(), await freePort()];
    web = `http://127.0.0.1:${webPort}`;
    api = `http://127.0.0.1:${apiPort}`;
    const [name, value] = marker;
    // In a process group of its own, as a terminal runs it, so the test can press Ctrl-C.
    dev = spawn('npm', args, {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: String(apiPort), WEB_PORT: String(webPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn', [name]: value },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    dev.stdout!.on('data', (d) => (output += d));
    dev.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 90_000;
    for (;;) {
      const ok = await fetch(`${web}/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline || dev.exitCode !== null) throw new Error(`npm run dev did not serve:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(() => {
    if (dev?.pid && dev.exitCode === null && dev.signalCode === null) process.kill(-dev.pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the app from Vite, with hot reload', async () => {
    const page = await fetch(`${web}/WildAlertApp/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('/WildAlertApp/@vite/client');
  });

  it('hands every path outside the app to the API', async () => {
    const health = await (await fetch(`${web}/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: { engine: 'pglite', up: true } });
    const openapi = await (await fetch(`${web}/docs/json`)).json();
    expect(openapi).toHaveProperty('openapi');
    // Moderation needs a member of staff: the API's own answer, not Vite's 404.
    const moderation = await fetch(`${web}/moderation/reports`);
    expect(moderation.status).toBe(401);
    expect(moderation.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const root = await fetch(`${web}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/WildAlertApp/');
    expect((await fetch(`${api}/health`)).status).toBe(200);
  });

  it("runs the API and Vite on the project's Node", () => {
    // The dev script, the workspaces' npm, tsx's watcher, the server it runs, Vite: all on
    // node_modules' Node (the npm this test starts runs on whatever Node runs the test).
    const nodes = processesWith(marker).filter(({ pid, exe }) => pid !== dev.pid && path.basename(exe) === 'node');
    expect(nodes.length).toBeGreaterThanOrEqual(5);
    for (const { exe } of nodes) expect(exe).toBe(projectNode);
  });

  it('stops everything on Ctrl-C', async () => {
    expect(processesWith(marker).length).toBeGreaterThan(0);
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    process.kill(-dev.pid!, 'SIGINT');
    await exited;
    await expect.poll(() => processesWith(marker), { timeout: 15_000 }).toEqual([]);
    for (const url of [`${web}/WildAlertApp/`, `${api}/health`]) {
      await expect(fetch(url)).rejects.toThrow();
    }
  }, 30_000);
});

describe("a workspace's npm test", () => {
  it.each([
    { command: documented('npm test -w packages/shared'), runs: [/shared\|?\s+src\/schemas\.test\.ts/] },
    { command: 'npm test -w packages/test-support', runs: [/test-support\|?\s+src\/free-port\.test\.ts/] },
    {
      command: documented('npm test -w apps/api -- src/app.test.ts'),
      runs: [/api-pglite\|?\s+src\/app\.test\.ts/, /api-postgres\|?\s+src\/app\.test\.ts/],
    },
  ])('$command runs its tests from its folder', async ({ command, runs }) => {
    const [, ...args] = command.split(' ');
    const { stdout } = await exec('npm', args, { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: '1' } });
    for (const run of runs) expect(stdout).toMatch(run);
    expect(stdout).toMatch(/Tests\s+\d+ passed/);
  }, 120_000);

  it('is the same five scripts in every workspace', () => {
    const { workspaces } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    const folders = workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? fs.readdirSync(path.join(REPO_ROOT, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
        : [pattern],
    );
    expect(folders.length).toBeGreaterThanOrEqual(6);
    for (const folder of folders) {
      const { scripts } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, folder, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
      expect(Object.keys(scripts), folder).toEqual(expect.arrayContaining(['dev', 'build', 'test', 'lint', 'typecheck']));
      expect(scripts.test, folder).not.toMatch(/^echo/);
    }
  });
});
