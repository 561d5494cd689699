/**
 * Where stored files live (docs/decisions/008-resource-storage.md): a small storage interface so
 * that an S3-compatible object store later is one more adapter, not a rewrite. Core infrastructure,
 * not a feature's: the resources feature keeps its files here and the textbooks feature the PDFs
 * uploaded in the console. The local-disk adapter keeps files under DATA_DIR and serves them with
 * HTTP Range through @fastify/send (the engine of @fastify/static): 206 with Content-Range, 416 for
 * an unsatisfiable range, ETag and Last-Modified revalidation.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendRangeFile } from './range-file';

/** How a stored file is answered to the browser. */
export interface ServeOptions {
  contentType: string;
  fileName: string;
  /** `attachment` for downloads, `inline` for previews. */
  disposition: 'attachment' | 'inline';
  /** Cache-Control of the file's answer; `private, max-age=300` unless given. */
  cacheControl?: string;
}

/** Longest storage key (S3 allows 1,024 bytes of UTF-8). */
const MAX_KEY_BYTES = 1024;

/**
 * Whether `key` is a storage key both adapters accept: `/`-separated segments, none empty, `.` or
 * `..`, no backslash nor control character, at most MAX_KEY_BYTES of UTF-8. One rule for every
 * adapter, so that a key never names a file on one store that another refuses, and so that no key
 * can leave the local store's root.
 */
export function validKey(key: string): boolean {
  if (!key || Buffer.byteLength(key) > MAX_KEY_BYTES) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a key may not hold
  if (/[\\\x00-\x1f\x7f]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Files by opaque key (the database rows hold the keys). */
export interface ResourceStorage {
  /** Stores bytes under `key` (overwriting nothing: keys are fresh). */
  put(key: string, data: Buffer): Promise<void>;
  /** Moves a finished temporary file (from `tempFile()`) under `key`. */
  putFile(key: string, tempPath: string): Promise<void>;
  /** The stored bytes (small files: images, playlists), or null when the file is missing. */
  get(key: string): Promise<Buffer | null>;
  /** Size of the stored file, or null when it is missing. */
  size(key: string): Promise<number | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** A local path for a temporary upload (on the local store's volume, so that `putFile` is a rename). */
  tempFile(ext: string): Promise<string>;
  /**
   * Answers the browser with the file, Range capable: the bytes themselves (local disk) or a
   * redirect to a short-lived URL of the store (S3). A missing file answers 404 '文件不存在'.
   */
  serve(request: FastifyRequest, reply: FastifyReply, key: string, opts: ServeOptions): Promise<FastifyReply>;
  /** Releases connections (the app's onClose). */
  close(): Promise<void>;
}

/** RFC 6266 Content-Disposition with a UTF-8 name and an ASCII fallback. */
export function contentDisposition(disposition: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The local-disk adapter: keys are paths relative to `root` (DATA_DIR), never escaping it. */
export class LocalDiskStorage implements ResourceStorage {
  readonly root: string;

  constructor(dataDir: string) {
    // An in-memory database (tests, previews) still needs somewhere to keep files.
    this.root = path.resolve(dataDir === ':memory:' ? path.join(os.tmpdir(), 'eav-resources') : dataDir);
  }

  /** Absolute path of `key`, or null when the key is not valid (`validKey`) or would leave the root. */
  resolve(key: string): string | null {
    if (!validKey(key)) return null;
    const abs = path.resolve(this.root, key);
    return abs.startsWith(this.root + path.sep) ? abs : null;
  }

  private must(key: string): string {
    const abs = this.resolve(key);
    if (!abs) throw new Error(`storage key outside the store: ${key}`);
    return abs;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const abs = this.must(key);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    await fs.writeFile(abs, data, { flag: 'wx' });
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const abs = this.must(key);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    await fs.rename(tempPath, abs);
  }

  async get(key: string): Promise<Buffer | null> {
    const abs = this.resolve(key);
    if (!abs) return null;
    try {
      return await fs.readFile(abs);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    const abs = this.resolve(key);
    if (!abs) return null;
    try {
      return (await fs.stat(abs)).size;
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    const abs = this.resolve(key);
    if (abs) await fs.rm(abs, { force: true });
  }

  async tempFile(ext: string): Promise<string> {
    const dir = path.join(this.root, 'resources', 'tmp');
    await fs.mkdir(dir, { recursive: true });
    return path.join(dir, `${randomUUID()}.${ext}`);
  }

  async serve(request: FastifyRequest, reply: FastifyReply, key: string, opts: ServeOptions): Promise<FastifyReply> {
    const abs = this.resolve(key);
    if (!abs) return reply.status(404).type('text/plain; charset=utf-8').send('文件不存在');
    return sendRangeFile(request, reply, abs, {
      contentType: opts.contentType,
      cacheControl: opts.cacheControl ?? 'private, max-age=300',
      contentDisposition: contentDisposition(opts.disposition, opts.fileName),
    });
  }

  async close(): Promise<void> {}
}
