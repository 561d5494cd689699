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
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How a stored file is answered to the browser. */
export interface ServeOptions {
  contentType: string;
  fileName: string;
  /** `attachment` for downloads, `inline` for previews. */
  disposition: 'attachment' | 'inline';
}

/** Files by opaque key (the database rows hold the keys). */
export interface ResourceStorage {
  /** Stores bytes under `key` (overwriting nothing: keys are fresh). */
  put(key: string, data: Buffer): Promise<void>;
  /** Moves a finished temporary file (from `tempFile()`) under `key`. */
  putFile(key: string, tempPath: string): Promise<void>;
  /** Size of the stored file, or null when it is missing. */
  size(key: string): Promise<number | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** A path for a temporary upload on the same volume as the store (cheap `putFile`). */
  tempFile(ext: string): Promise<string>;
  /** Answers the browser with the file (Range capable); a missing file answers 404 text. */
  serve(request: FastifyRequest, reply: FastifyReply, key: string, opts: ServeOptions): Promise<FastifyReply>;
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

  /** Absolute path of `key`, or null when it would leave the root. */
  resolve(key: string): string | null {
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
    const { statusCode, headers, stream, type } = await send(request.raw, path.basename(abs), {
      root: path.dirname(abs),
      acceptRanges: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      dotfiles: 'deny',
      index: false,
    });
    if (type === 'error') {
      if (statusCode === 416)
        return reply
          .status(416)
          .header('Content-Range', headers['Content-Range'])
          .header('Accept-Ranges', 'bytes')
          .type('text/plain; charset=utf-8')
          .send('请求的范围无效');
      return reply
        .status(statusCode)
        .type('text/plain; charset=utf-8')
        .send(statusCode === 404 ? '文件不存在' : '文件无法读取');
    }
    reply.status(statusCode);
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    return reply
      .header('Accept-Ranges', 'bytes')
      .header('Content-Type', opts.contentType)
      .header('Cache-Control', 'private, max-age=300')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', contentDisposition(opts.disposition, opts.fileName))
      .send(stream);
  }
}
