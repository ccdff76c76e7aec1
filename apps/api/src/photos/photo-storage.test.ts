import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startFaultyProxy, startS3Server, type S3Server } from '@wildalert/test-support';
import { folderStorage, photoKey, PhotoStoreUnavailableError, s3Storage, type PhotoStorage } from './photo-storage.ts';

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
      timeoutMs: 5_000,
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

  it('deletes what was put, and deleting what is not there is no error', async () => {
    const storage = storages[name]!();
    const body = Buffer.from(`to be deleted ${name} ${Math.random()}`);
    const key = photoKey(body);
    await storage.put(key, body);
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await storage.delete(key);
    await expect(storage.delete('../x.webp')).rejects.toThrow(/Not a photo key/);
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
  const config = { bucket: s3.bucket, endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, timeoutMs: 5_000 };
  await expect(s3Storage({ ...config, accessKeyId: 'NOT-A-KEY' }).get(key)).rejects.toThrow(/Access Key Id/);
  await expect(s3Storage({ ...config, bucket: 'no-such-bucket' }).put(key, body)).rejects.toThrow(/bucket does not exist/);
});

it("a folder's delete also removes a write of that key that a kill cut short, and no other key's", async () => {
  const body = Buffer.from('a photo, cut short');
  const key = photoKey(body);
  const other = photoKey(Buffer.from('another photo'));
  const sub = path.join(folder, key.slice(0, 2));
  fs.mkdirSync(sub, { recursive: true });
  // As `put` names its temporary file, left by a process killed before its rename.
  fs.writeFileSync(path.join(sub, `.${key}.0123456789ab.tmp`), body.subarray(0, 5));
  fs.writeFileSync(path.join(sub, `.${other}.0123456789ab.tmp`), body.subarray(0, 5));
  await storages['a folder']!().delete(key);
  const left = fs.readdirSync(sub);
  expect(left.filter((f) => f.includes(key))).toEqual([]);
  expect(left).toContain(`.${other}.0123456789ab.tmp`);
  fs.rmSync(path.join(sub, `.${other}.0123456789ab.tmp`));
});

it('an S3 store that is frozen or refuses connections fails every call by its deadline (PhotoStoreUnavailableError), and serves again once back', async () => {
  const proxy = await startFaultyProxy(s3.endpoint);
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  const options = { bucket: s3.bucket, region: s3.region, forcePathStyle: true, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, timeoutMs: 500 };
  const storage = s3Storage({ ...options, endpoint: proxy.url });
  try {
    const body = Buffer.from(`through the proxy ${Math.random()}`);
    const key = photoKey(body);
    await storage.put(key, body);
    const calls = (s: PhotoStorage) => [() => s.put(key, body), () => s.get(key), () => s.delete(key)];
    proxy.freeze();
    for (const call of calls(storage)) await expect(call()).rejects.toThrow(PhotoStoreUnavailableError);
    await proxy.refuse();
    for (const call of calls(storage)) await expect(call()).rejects.toThrow(PhotoStoreUnavailableError);
    for (const call of calls(s3Storage({ ...options, endpoint: nowhere }))) await expect(call()).rejects.toThrow(PhotoStoreUnavailableError);
    await proxy.pass();
    expect(await storage.get(key)).toEqual(body);
  } finally {
    await proxy.close();
  }
});
