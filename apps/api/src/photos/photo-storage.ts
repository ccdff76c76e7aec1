/**
 * Where photos' copies are kept, behind one small interface: a folder on this machine by
 * default, or S3-compatible object storage (Amazon S3, MinIO, Ceph, Cloudflare R2, …) when
 * configured, which is how photos outgrow one machine and one disk. Keys are content hashes, so
 * storing the same bytes twice is harmless and a stored object never changes.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

export interface PhotoStorage {
  readonly kind: 'folder' | 's3';
  /** Keeps `body` under `key`; once this resolves the bytes survive a crash of the process or the machine. */
  put(key: string, body: Buffer): Promise<void>;
  /** The bytes kept under `key`, or undefined. */
  get(key: string): Promise<Buffer | undefined>;
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
      const handle = await fs.open(temporary, 'wx');
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, file);
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
  });
  return {
    kind: 's3',
    async put(key, body) {
      checkKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentType: 'image/webp',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      checkKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
  };
}
