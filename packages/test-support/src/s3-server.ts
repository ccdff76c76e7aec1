// s3rver ships no types; an import cannot bring in an ambient module declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./s3rver.d.ts" />
/**
 * An S3-protocol server on 127.0.0.1 for tests (s3rver: objects in a temporary folder, S3's REST
 * API and XML errors), so that the S3 storage is tested against a real peer speaking the
 * protocol rather than a mocked SDK. It knows one access key id; it does not verify Signature V4.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Server {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The objects' folder, to look at what was stored. */
  directory: string;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'wildalert-photos'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'wildalert-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's own key pair: it refuses any other key id.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
