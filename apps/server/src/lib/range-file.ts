/**
 * The one answer of a local file to the browser with HTTP Range (RFC 9110 section 14), for every
 * place that serves files from the data directory (the storage interface's local adapter, the
 * reader's videos and covers): 206 with Content-Range for a satisfiable single range, 416 with
 * `Content-Range: bytes * /size` otherwise, Accept-Ranges on every answer, ETag and Last-Modified
 * revalidation. Built on @fastify/send (the engine of @fastify/static).
 */
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Headers of a successful answer. */
export interface RangeFileHeaders {
  contentType: string;
  cacheControl: string;
  /** Content-Disposition, when the answer names the file. */
  contentDisposition?: string | undefined;
}

/**
 * Sends the file at `absPath` honouring Range and conditional requests. A missing file answers 404
 * '文件不存在', an unreadable one its status with '文件无法读取', an unsatisfiable range 416
 * '请求的范围无效' (all plain text).
 */
export async function sendRangeFile(
  request: FastifyRequest,
  reply: FastifyReply,
  absPath: string,
  headers: RangeFileHeaders,
): Promise<FastifyReply> {
  const answer = await send(request.raw, path.basename(absPath), {
    root: path.dirname(absPath),
    acceptRanges: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'deny',
    index: false,
  });
  if (answer.type === 'error') {
    const { statusCode } = answer;
    if (statusCode === 416)
      return reply
        .status(416)
        .header('Content-Range', answer.headers['Content-Range'])
        .header('Accept-Ranges', 'bytes')
        .type('text/plain; charset=utf-8')
        .send('请求的范围无效');
    return reply
      .status(statusCode)
      .type('text/plain; charset=utf-8')
      .send(statusCode === 404 ? '文件不存在' : '文件无法读取');
  }
  reply.status(answer.statusCode);
  for (const [k, v] of Object.entries(answer.headers)) reply.header(k, v);
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', headers.contentType)
    .header('Cache-Control', headers.cacheControl)
    .header('X-Content-Type-Options', 'nosniff');
  if (headers.contentDisposition) reply.header('Content-Disposition', headers.contentDisposition);
  return reply.send(answer.stream);
}
