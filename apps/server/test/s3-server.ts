/**
 * A real S3 protocol server for tests and the proof (bench/proof): s3rver on 127.0.0.1 and a free
 * port, files in a temporary directory removed on close, with one bucket. Path-style addressing and
 * s3rver's fixed credentials.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { FileStorageConfig } from '../src/config';

export interface TestS3 {
  /** `FILE_STORAGE=s3` settings pointing at the server. */
  config: Extract<FileStorageConfig, { kind: 's3' }>;
  close(): Promise<void>;
}

/** Starts s3rver with `bucket` created; `close()` stops it and removes its files. */
export async function startTestS3(bucket = 'eav-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    resetOnClose: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
