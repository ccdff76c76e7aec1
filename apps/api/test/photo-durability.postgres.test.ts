/**
 * A photo answered 201 is kept: its copies on disk (written, flushed and renamed before the
 * row that shows them is committed) and its row, through `kill -9` during a stream of uploads.
 * PostgreSQL's own durability is the alerts' (durability.test.ts, both engines); what is new
 * here is the photo folder and the order of the two writes. What the kill cut short leaves no
 * copy behind for good: the sweep deletes it once its upload has expired.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import type { ServerProcess } from '@wildalert/test-support';
import { createTestApp, createTestDatabase, UNLIMITED, type TestDatabase } from './helpers.ts';
import { startServerProcess } from './server-processes.ts';

let database: TestDatabase;
let photosDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  photosDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-photo-durability-'));
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(photosDir, { recursive: true, force: true });
});

const env = () => ({ ...database.env, ...UNLIMITED, PHOTOS_DIR: photosDir, LOG_LEVEL: 'warn' });

async function reportAlert(server: ServerProcess, i: number): Promise<{ id: string; key: string }> {
  const res = await fetch(`${server.url}/Alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ latitude: 50 + i / 10_000, longitude: 19.9, animal: 'boar', comments: `#${i}` }),
  });
  const body = await res.text();
  expect(res.status, body).toBe(201);
  return { id: (JSON.parse(body) as { data: { id: string } }).data.id, key: res.headers.get('alert-key')! };
}

it('loses no acknowledged photo when killed with SIGKILL during a stream of uploads', async () => {
  const server = await startServerProcess({ env: env() });
  // One after another: sixty at once on a loaded host made one wait past the write timeout (503),
  // which is the server's answer to overload, not what this test is about.
  const alerts: { id: string; key: string }[] = [];
  for (let i = 0; i < 60; i++) alerts.push(await reportAlert(server, i));
  const acknowledged: { alertId: string; photo: { id: string; url: string; thumbnailUrl: string } }[] = [];
  let next = 0;
  let stop = false;
  // Three uploaders, each photo different, one per alert, until the process dies under them.
  const uploader = async () => {
    while (!stop && next < alerts.length) {
      const alert = alerts[next++]!;
      const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: next, g: 100, b: 200 } } })
        .jpeg()
        .toBuffer();
      try {
        const res = await fetch(`${server.url}/Alerts/${alert.id}/photos`, {
          method: 'POST',
          headers: { 'content-type': 'image/jpeg', 'alert-key': alert.key, 'idempotency-key': randomUUID() },
          body: photo,
        });
        if (res.status === 201) acknowledged.push({ alertId: alert.id, photo: ((await res.json()) as { data: (typeof acknowledged)[number]['photo'] }).data });
      } catch {
        return; // connection refused or reset: the process is gone
      }
    }
  };
  const uploaders = Array.from({ length: 3 }, uploader);
  while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 10));
  await server.kill('SIGKILL');
  stop = true;
  await Promise.all(uploaders);
  expect(next).toBeGreaterThan(acknowledged.length);

  const again = await startServerProcess({ env: env() });
  try {
    const lost: string[] = [];
    for (const { alertId, photo } of acknowledged) {
      const listed = (await (await fetch(`${again.url}/Alerts/${alertId}/photos`)).json()) as { data: { id: string }[] };
      if (!listed.data.some((p) => p.id === photo.id)) lost.push(`${photo.id} (row)`);
      for (const url of [photo.url, photo.thumbnailUrl]) {
        const res = await fetch(`${again.url}${url}`);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200 || (await sharp(body).metadata()).format !== 'webp') lost.push(`${url} (${res.status})`);
      }
    }
    expect(lost).toEqual([]);
  } finally {
    await again.kill('SIGTERM');
  }

  // The uploads cut short, as they are minutes later: the sweep leaves exactly the photos' copies.
  const t = await createTestApp({ PHOTOS_DIR: photosDir }, {}, database);
  try {
    await t.app.db.query(`UPDATE photo_uploads SET started_at = started_at - interval '10 minutes'`);
    await t.app.services.photos.sweep();
    const named = await t.app.db.query<{ key: string }>('SELECT thumbnail_key AS key FROM photos UNION SELECT large_key FROM photos');
    const files = fs.readdirSync(photosDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.map((e) => e.name).sort()).toEqual(named.map((r) => r.key).sort());
  } finally {
    await t.close();
  }
});
