import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '@wildalert/test-support';
import { folderStorage, photoKey, s3Storage, type PhotoStorage } from './photo-storage.ts';

let s3: S3Server;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-photos-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const storages: Record<string, () => PhotoStorage> = {
  'a folder': () => folderStorage(folder),
  'an S3 bucket': () =>
    s3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    }),
};

describe.each(Object.keys(storages))('photos kept in %s', (name) => {
  it('gives back exactly what was put under its content key, and nothing under another', async () => {
    const storage = storages[name]!();
    const body = Buffer.from(`RIFF…WEBP ${name} ${Math.random()}`);
    const key = photoKey(body);
    expect(key).toMatch(/^[\w-]{32}\.webp$/);
    await storage.put(key, body);
    // The same bytes again: the same key, stored once, no error.
    await storage.put(key, body);
    expect(await storage.get(key)).toEqual(body);
    expect(await storage.get(photoKey(Buffer.from('never stored')))).toBeUndefined();
  });

  it('refuses a key that is not a content key (no way out of the folder or bucket)', async () => {
    const storage = storages[name]!();
    for (const key of ['../../etc/passwd', 'a/b.webp', `${'x'.repeat(32)}.html`]) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Not a photo key/);
      await expect(storage.get(key)).rejects.toThrow(/Not a photo key/);
    }
  });
});

it('a folder leaves no temporary file behind, and the S3 server holds the object it acknowledged', async () => {
  const body = Buffer.from('a photo, once');
  const key = photoKey(body);
  await storages['a folder']!().put(key, body);
  const files = fs.readdirSync(folder, { recursive: true }).map(String);
  expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  expect(files).toContain(path.join(key.slice(0, 2), key));

  await storages['an S3 bucket']!().put(key, body);
  // Read back with a fresh client: it is the server's, not something the first client kept.
  expect(await storages['an S3 bucket']!().get(key)).toEqual(body);
  // The server answers errors as S3 does, and the adapter passes them on: an unknown key id, a missing bucket.
  const config = { bucket: s3.bucket, endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
  await expect(s3Storage({ ...config, accessKeyId: 'NOT-A-KEY' }).get(key)).rejects.toThrow(/Access Key Id/);
  await expect(s3Storage({ ...config, bucket: 'no-such-bucket' }).put(key, body)).rejects.toThrow(/bucket does not exist/);
});
