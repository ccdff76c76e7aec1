/**
 * Run by data-dir.pglite.test.ts in a mount namespace, `mnt` being a tmpfs of its own: the
 * embedded engine when the disk is too full for the WAL to grow, after which PostgreSQL PANICs
 * and PGlite cannot go on. A process of its own, so that a hang fails the test instead of
 * freezing the run. Prints one JSON line per step.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { openPglite } from '../src/db/pglite.ts';
import { pgliteTemplate } from '../src/plugins/db.ts';

const [mnt, template] = process.argv.slice(2) as [string, string];
const dataDir = path.join(mnt, 'db');
const filler = path.join(mnt, 'filler');

const report = (step: string, outcome: object) => console.log(JSON.stringify({ step, ...outcome }));
async function attempt(fn: () => Promise<unknown>) {
  try {
    await fn();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: (error as Error).name, message: (error as Error).message };
  }
}

await fs.cp(template, dataDir, { recursive: true });
const db = await openPglite({ dataDir, template: await pgliteTemplate() });
const addAlert = () =>
  db.transaction((tx) =>
    tx.query(
      `INSERT INTO alerts (id, location, public_location, animal)
       VALUES (gen_random_uuid(), 'SRID=4326;POINT(19.9 50)', 'SRID=4326;POINT(19.9 50)', 'boar')`,
    ),
  );

// Room for a few rows, not for a new WAL segment (16 MB); each switch needs one once the
// segments already made are used up.
const { bavail, bsize } = await fs.statfs(mnt);
await fs.writeFile(filler, Buffer.alloc(bavail * bsize - 1024 * 1024));
let switched = { ok: true } as Awaited<ReturnType<typeof attempt>>;
for (let i = 0; i < 10 && switched.ok; i++) {
  switched = await attempt(async () => {
    await addAlert();
    await db.query('SELECT pg_switch_wal()');
  });
}
report('fill the WAL', switched);
report('read while full', await attempt(() => db.query('SELECT count(*) FROM alerts')));
report('storage full while full', { value: await db.storageFull?.() });

await fs.rm(filler);
let read: Awaited<ReturnType<typeof attempt>>;
const deadline = Date.now() + 30_000;
do {
  await new Promise((r) => setTimeout(r, 500));
  read = await attempt(() => db.query('SELECT count(*) FROM alerts'));
} while (!read.ok && Date.now() < deadline);
report('read once space returned', read);
report('write once space returned', await attempt(addAlert));
report('storage full once space returned', { value: await db.storageFull?.() });
await db.close();
report('closed', {});
