/**
 * Streaming of stored files with HTTP Range (RFC 9110 section 14): 206 with Content-Range for a
 * satisfiable single range, 416 with `Content-Range: bytes * /size` otherwise, Accept-Ranges on
 * every answer, ETag/Last-Modified revalidation. Built on @fastify/send (the engine of
 * @fastify/static). Remote http(s) files are proxied with the client's Range header.
 */
import path from 'node:path';
import { Readable } from 'node:stream';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Resolves a storage key under DATA_DIR, refusing anything that escapes it. */
export function storagePath(dataDir: string, key: string): string | null {
  if (dataDir === ':memory:') return null;
  const root = path.resolve(dataDir);
  const abs = path.resolve(root, key);
  return abs.startsWith(root + path.sep) ? abs : null;
}

export interface StreamOptions {
  contentType: string;
  /** Cache-Control of the answer (signed URLs: private). */
  cacheControl: string;
  /** Suggested download name. */
  fileName?: string;
}

/** Sends a local file honouring Range; answers 404 text when the file is missing. */
export async function streamFile(request: FastifyRequest, reply: FastifyReply, absPath: string, opts: StreamOptions) {
  const { statusCode, headers, stream, type } = await send(request.raw, path.basename(absPath), {
    root: path.dirname(absPath),
    acceptRanges: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'deny',
    index: false,
  });
  if (type === 'error') {
    if (statusCode === 416) {
      return reply
        .status(416)
        .header('Content-Range', headers['Content-Range'])
        .header('Accept-Ranges', 'bytes')
        .type('text/plain; charset=utf-8')
        .send('请求的范围无效');
    }
    return reply
      .status(statusCode)
      .type('text/plain; charset=utf-8')
      .send(statusCode === 404 ? '文件不存在' : '文件无法读取');
  }
  reply.status(statusCode);
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Content-Type', opts.contentType);
  reply.header('Cache-Control', opts.cacheControl);
  reply.header('X-Content-Type-Options', 'nosniff');
  if (opts.fileName)
    reply.header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(opts.fileName)}`);
  return reply.send(stream);
}

/** Proxies a remote http(s) file, forwarding Range and the range-related answer headers. */
export async function proxyRemote(request: FastifyRequest, reply: FastifyReply, url: string, opts: StreamOptions) {
  const range = request.headers.range;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: range ? { range } : {},
      redirect: 'follow',
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return reply.status(502).type('text/plain; charset=utf-8').send('文件暂时无法获取，请稍后再试');
  }
  if (!res.ok || !res.body)
    return reply
      .status(res.status === 416 ? 416 : 502)
      .type('text/plain; charset=utf-8')
      .send('文件暂时无法获取，请稍后再试');
  reply.status(res.status);
  for (const h of ['content-length', 'content-range', 'etag', 'last-modified']) {
    const v = res.headers.get(h);
    if (v) reply.header(h, v);
  }
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Content-Type', opts.contentType);
  reply.header('Cache-Control', opts.cacheControl);
  return reply.send(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream));
}

/** Appends `query` to every URI line of an HLS playlist (segments inherit the playlist's signature). */
export function signPlaylist(playlist: string, query: string): string {
  return playlist
    .split(/\r?\n/)
    .map((line) => {
      const t = line.trim();
      if (!t || t.startsWith('#')) {
        // URI attributes (EXT-X-KEY, EXT-X-MAP) also need the signature.
        return line.replace(/URI="([^"?]+)"/g, (_m, uri: string) => `URI="${uri}?${query}"`);
      }
      return `${t}${t.includes('?') ? '&' : '?'}${query}`;
    })
    .join('\n');
}
