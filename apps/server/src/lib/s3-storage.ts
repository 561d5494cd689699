/**
 * The S3-compatible object-store adapter of the storage interface (docs/decisions/020-object-storage.md),
 * on the AWS SDK v3: uploads stream through `@aws-sdk/lib-storage` (multipart above 8 MB, never the
 * whole file in memory), downloads are a redirect to a presigned GET URL of a few minutes with the
 * answer's type and disposition in it, so the store itself answers Range, 416 and revalidation and
 * the bytes never pass through Node. Temporary uploads live in a local directory.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorageConfig } from '../config';
import { contentDisposition, validKey, type ResourceStorage, type ServeOptions } from './storage';

/** How long a presigned download URL is valid, s. */
export const PRESIGNED_URL_SECONDS = 300;
/**
 * How long the browser may reuse the redirect to it, s: well inside the URL's validity, so that a
 * reader's many range requests cost one round trip to the server, not one each.
 */
export const REDIRECT_MAX_AGE_SECONDS = 60;
/**
 * Signing times are rounded down to REDIRECT_MAX_AGE_SECONDS, so that every instance hands out the
 * same URL for a file within that window and browsers find the file in their cache (its key is the
 * URL); a URL is then still valid for at least PRESIGNED_URL_SECONDS minus twice that window.
 */
function signingDate(now: number): Date {
  const window = REDIRECT_MAX_AGE_SECONDS * 1000;
  return new Date(Math.floor(now / window) * window);
}

/** Part size of multipart uploads (bytes); files up to it go up in one PUT. */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;

/** Connection settings of the store (FILE_STORAGE=s3, config.ts), and where uploads wait. */
export type S3StorageOptions = Omit<Extract<FileStorageConfig, { kind: 's3' }>, 'kind'> & {
  /** Local directory of temporary uploads (created when needed). */
  tempDir: string;
  /** Clock of the presigned URLs' signing time (ms); real time unless a test moves it. */
  now?: () => number;
};

/** Whether `err` is the store's answer that the object does not exist. */
function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)
  );
}

function must(key: string): string {
  if (!validKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files as objects of one bucket, the storage key being the object key. */
export class S3Storage implements ResourceStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly tempDir: string;
  private readonly now: () => number;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.tempDir = opts.tempDir;
    this.now = opts.now ?? Date.now;
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Checksums only where the API requires them: many S3-compatible stores refuse the SDK's
      // default CRC32 trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.upload(key, data, data.length);
  }

  /** Uploads the temporary file in parts (streamed), then removes it: a move, as on local disk. */
  async putFile(key: string, tempPath: string): Promise<void> {
    must(key);
    const { size } = await fs.stat(tempPath);
    const body = createReadStream(tempPath);
    try {
      await this.upload(key, body, size);
    } finally {
      body.destroy();
    }
    await fs.rm(tempPath, { force: true });
  }

  /**
   * Streams `body` to `key` with lib-storage's Upload (multipart in UPLOAD_PART_BYTES parts beyond
   * one part, the parts aborted on failure); `metadata` becomes `x-amz-meta-*` of the object.
   */
  async upload(
    key: string,
    body: Buffer | NodeJS.ReadableStream,
    size: number,
    metadata?: Record<string, string>,
  ): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: must(key),
        Body: body as Buffer,
        ContentLength: size,
        ...(metadata ? { Metadata: metadata } : {}),
      },
      partSize: UPLOAD_PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  /** Size and `x-amz-meta-*` of the object, or null when it is missing. */
  async head(key: string): Promise<{ size: number; metadata: Record<string, string> } | null> {
    if (!validKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, metadata: head.Metadata ?? {} };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    if (!validKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    return (await this.head(key))?.size ?? null;
  }

  async remove(key: string): Promise<void> {
    if (!validKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async tempFile(ext: string): Promise<string> {
    await fs.mkdir(this.tempDir, { recursive: true });
    return path.join(this.tempDir, `${randomUUID()}.${ext}`);
  }

  /**
   * Answers 302 to a presigned GET URL valid PRESIGNED_URL_SECONDS, carrying the answer's
   * Content-Type, Content-Disposition and Cache-Control (the store sends them), after a HEAD that
   * turns a missing object into the same 404 text as on local disk.
   */
  async serve(_request: FastifyRequest, reply: FastifyReply, key: string, opts: ServeOptions): Promise<FastifyReply> {
    if (!(await this.head(key))) return reply.status(404).type('text/plain; charset=utf-8').send('文件不存在');
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentType: opts.contentType,
        ResponseContentDisposition: contentDisposition(opts.disposition, opts.fileName),
        ResponseCacheControl: opts.cacheControl ?? 'private, max-age=300',
      }),
      { expiresIn: PRESIGNED_URL_SECONDS, signingDate: signingDate(this.now()) },
    );
    return reply
      .status(302)
      .header('Location', url)
      .header('Cache-Control', `private, max-age=${REDIRECT_MAX_AGE_SECONDS}`)
      .send();
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
