/**
 * Where photos' copies are kept, behind one small interface: a folder on this machine by
 * default, or S3-compatible object storage (Amazon S3, MinIO, Ceph, Cloudflare R2, …) when
 * configured, which is how photos outgrow one machine and one disk. Keys are content hashes, so
 * storing the same bytes twice is harmless and a stored object never changes.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { StorageFullError } from '../db/database.ts';

export interface PhotoStorage {
  readonly kind: 'folder' | 's3';
  /** Keeps `body` under `key`; once this resolves the bytes survive a crash of the process or the machine. */
  put(key: string, body: Buffer): Promise<void>;
  /** The bytes kept under `key`, or undefined. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes what is kept under `key`; nothing kept there is no error. */
  delete(key: string): Promise<void>;
}

/**
 * The store did not answer in time, could not be reached, or failed on its side: nothing is
 * wrong with the request, which can be sent again once the store is back (503).
 */
export class PhotoStoreUnavailableError extends Error {
  override name = 'PhotoStoreUnavailableError';
}

/** A copy's key: its content's hash and its extension. */
export function photoKey(body: Buffer): string {
  return `${createHash('sha256').update(body).digest('base64url').slice(0, 32)}.webp`;
}

const KEY = /^[\w-]{32}\.webp$/;

function checkKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a photo key: ${key}`);
}

/** Photos as files under `dir`, written atomically (a temporary file, fsync, rename, fsync of the folder). */
export function folderStorage(dir: string): PhotoStorage {
  const fileOf = (key: string) => path.join(dir, key.slice(0, 2), key);
  return {
    kind: 'folder',
    async put(key, body) {
      checkKey(key);
      const file = fileOf(key);
      const folder = path.dirname(file);
      await fs.mkdir(folder, { recursive: true });
      const temporary = path.join(folder, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        const handle = await fs.open(temporary, 'wx');
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temporary, file);
      } catch (error) {
        // A full disk (or any failure) leaves no half-written file behind.
        await fs.rm(temporary, { force: true });
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw new StorageFullError('The photo folder is full', { cause: error });
        throw error;
      }
      const parent = await fs.open(folder, 'r');
      try {
        await parent.sync();
      } finally {
        await parent.close();
      }
    },
    async get(key) {
      checkKey(key);
      return fs.readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
    },
    async delete(key) {
      checkKey(key);
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      // And what a write of it cut short by a kill left: `put`'s temporary files of this key.
      const folder = path.dirname(file);
      const names = await fs.readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      const cutShort = names.filter((name) => name.startsWith(`.${key}.`) && name.endsWith('.tmp'));
      await Promise.all(cutShort.map((name) => fs.rm(path.join(folder, name), { force: true })));
    },
  };
}

export interface S3StorageOptions {
  bucket: string;
  /** e.g. https://s3.eu-central-1.amazonaws.com, or a MinIO server's address; the SDK's default when absent. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (MinIO and most S3-compatible servers) rather than in the host name. */
  forcePathStyle: boolean;
  /** Both or neither; without them the SDK's default chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /**
   * How long one call (a PUT, a GET with its body, a DELETE) may take, the SDK's retries
   * included: a store that is down or frozen fails the call (PhotoStoreUnavailableError)
   * instead of holding the request.
   */
  timeoutMs: number;
}

/** Errors that mean "the store is not there or not answering", as opposed to a refusal of this request. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

function isStoreFault(error: unknown): boolean {
  // S3's own answer: a fault on its side (500, 503 SlowDown) is passing; a 4xx (no such bucket, access denied) is the configuration's.
  if (error instanceof S3ServiceException) return error.$fault === 'server' || (error.$metadata.httpStatusCode ?? 0) >= 500;
  const { name, code } = error as { name?: string; code?: string };
  return name === 'AbortError' || name === 'TimeoutError' || UNREACHABLE.has(code ?? '');
}

/** Photos as objects in an S3 bucket (`@aws-sdk/client-s3`); a PUT that S3 answered is durable by S3's guarantee. */
export function s3Storage(options: S3StorageOptions): PhotoStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Without these a connection to a frozen server waits for the operating system (minutes).
    requestHandler: { connectionTimeout: Math.min(2_000, options.timeoutMs), requestTimeout: options.timeoutMs },
  });
  /** One call to the store, given up after the deadline whatever the SDK is doing (waiting, retrying). */
  async function call<T>(what: string, run: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await run(AbortSignal.timeout(options.timeoutMs));
    } catch (error) {
      if (isStoreFault(error)) throw new PhotoStoreUnavailableError(`The photo store did not ${what}`, { cause: error });
      throw error;
    }
  }
  return {
    kind: 's3',
    async put(key, body) {
      checkKey(key);
      await call('store a copy', (abortSignal) =>
        client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: key,
            Body: body,
            ContentType: 'image/webp',
            CacheControl: 'public, max-age=31536000, immutable',
          }),
          { abortSignal },
        ),
      );
    },
    async get(key) {
      checkKey(key);
      return call('give back a copy', async (abortSignal) => {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }), { abortSignal });
          return Buffer.from(await object.Body!.transformToByteArray());
        } catch (error) {
          if (error instanceof NoSuchKey) return undefined;
          throw error;
        }
      });
    },
    async delete(key) {
      checkKey(key);
      await call('delete a copy', (abortSignal) => client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }), { abortSignal }));
    },
  };
}
