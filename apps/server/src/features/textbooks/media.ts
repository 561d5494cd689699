/**
 * Remote textbook files: proxied with the client's Range header, from the hosts of
 * REMOTE_MEDIA_HOSTS only. Stored files are served by the storage interface (lib/storage.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface StreamOptions {
  contentType: string;
  /** Cache-Control of the answer (signed URLs: private). */
  cacheControl: string;
  /** Suggested download name. */
  fileName?: string;
}

/** How many redirects the remote fetch follows (each to an allowed host) before giving up. */
export const MAX_REMOTE_REDIRECTS = 3;
/** Time allowed until the remote server's response headers arrive, ms (the body may take longer). */
export const REMOTE_HEADERS_TIMEOUT_MS = 15_000;

/**
 * Whether `url` is an http(s) URL on the allow-list (REMOTE_MEDIA_HOSTS, docs/api.md,
 * Configuration). An entry is a host name (`cdn.example.com`, any port) or a host with a port
 * (`cdn.example.com:8443`); matching ignores case. An empty list allows nothing.
 */
export function remoteAllowed(url: string | URL, allowedHosts: readonly string[]): boolean {
  let u: URL;
  try {
    u = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  if (u.username || u.password) return false;
  const hostname = u.hostname.toLowerCase();
  const host = u.host.toLowerCase();
  return allowedHosts.some((h) => {
    const entry = h.toLowerCase();
    return entry === hostname || entry === host;
  });
}

/**
 * Whether the server can serve a book's file: a stored file, or a remote one on an allowed host
 * (an imported URL of any other host is treated as no file at all).
 */
export function servableFile(
  book: { fileKey: string | null; fileUrl: string | null },
  allowedHosts: readonly string[],
): boolean {
  return Boolean(book.fileKey) || (book.fileUrl !== null && remoteAllowed(book.fileUrl, allowedHosts));
}

export interface RemoteFetchOptions {
  /** Allowed hosts (see `remoteAllowed`). */
  allowedHosts: readonly string[];
  /** Forwarded `Range` header, if any. */
  range?: string | undefined;
  /** Until the response headers arrive, ms; cleared once they do. */
  headersTimeoutMs?: number;
  /** Aborts the fetch and the body (the client went away). */
  signal?: AbortSignal;
}

/** Why a remote file was not fetched (the caller answers 502). */
export class RemoteFetchError extends Error {}

/**
 * Fetches a remote file from an allow-listed host. Redirects are followed by hand, at most
 * MAX_REMOTE_REDIRECTS, and only to allow-listed hosts, so an allowed host cannot send the server
 * elsewhere (SSRF). The timeout covers the connection and the response headers only: it is
 * cleared when they arrive, so a long download is never cut off.
 * @throws RemoteFetchError for a host not allowed, a redirect elsewhere or too many, a timeout
 *   or a network failure.
 */
export async function fetchRemote(url: string, opts: RemoteFetchOptions): Promise<Response> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(), opts.headersTimeoutMs ?? REMOTE_HEADERS_TIMEOUT_MS);
  try {
    let current = new URL(url);
    for (let hop = 0; ; hop++) {
      if (!remoteAllowed(current, opts.allowedHosts))
        throw new RemoteFetchError(`remote host not allowed: ${current.host}`);
      let res: Response;
      try {
        res = await fetch(current, {
          headers: opts.range ? { range: opts.range } : {},
          redirect: 'manual',
          signal: controller.signal,
        });
      } catch (err) {
        throw new RemoteFetchError(controller.signal.aborted ? 'remote fetch timed out' : String(err));
      }
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (!location) return res;
      await res.body?.cancel();
      if (hop >= MAX_REMOTE_REDIRECTS) throw new RemoteFetchError('too many redirects');
      try {
        current = new URL(location, current);
      } catch {
        throw new RemoteFetchError('bad redirect');
      }
    }
  } finally {
    clearTimeout(timer);
    // Once the headers are in, only the client's departure may still abort the body.
  }
}

export interface ProxyOptions extends StreamOptions {
  allowedHosts: readonly string[];
  headersTimeoutMs?: number;
}

/**
 * Proxies a remote http(s) file from an allow-listed host (see `fetchRemote`), forwarding Range
 * and the range-related answer headers. Answers 502 text when the file cannot be fetched.
 */
export async function proxyRemote(request: FastifyRequest, reply: FastifyReply, url: string, opts: ProxyOptions) {
  const unavailable = (status = 502) =>
    reply.status(status).type('text/plain; charset=utf-8').send('文件暂时无法获取，请稍后再试');
  const gone = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) gone.abort();
  };
  reply.raw.once('close', onClose);
  let res: Response;
  try {
    res = await fetchRemote(url, {
      allowedHosts: opts.allowedHosts,
      range: request.headers.range,
      signal: gone.signal,
      ...(opts.headersTimeoutMs ? { headersTimeoutMs: opts.headersTimeoutMs } : {}),
    });
  } catch (err) {
    request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'remote textbook file unavailable');
    return unavailable();
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    return unavailable(res.status === 416 ? 416 : 502);
  }
  reply.status(res.status);
  for (const h of ['content-length', 'content-range', 'etag', 'last-modified']) {
    const v = res.headers.get(h);
    if (v) reply.header(h, v);
  }
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Content-Type', opts.contentType);
  reply.header('Cache-Control', opts.cacheControl);
  reply.header('X-Content-Type-Options', 'nosniff');
  if (opts.fileName)
    reply.header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(opts.fileName)}`);
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
