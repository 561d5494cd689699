/**
 * Helpers of the upload tests: a multipart upload signed as the web client signs it, and a
 * photo-like JPEG with EXIF metadata.
 */
import { ApiPaths, SIGN_HEADERS, signRequest } from '@eav/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { TEST_SECRET } from './helpers';

/** A multipart upload (field `file`) signed as the web client signs it (BODY is empty for multipart). */
export function upload(
  app: FastifyInstance,
  token: string,
  content: Buffer,
  filename = 'a.png',
  contentType = 'image/png',
  url: string = ApiPaths.uploadFile,
) {
  const boundary = '----eavtest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const timestamp = Date.now();
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: signRequest(
        { method: 'POST', path: url, query: {}, body: '', token, timestamp },
        TEST_SECRET,
      ),
    },
    payload,
  });
}

/** A photo-like JPEG of `width` × `height` px with EXIF metadata. */
export function photo(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-location-data' } } })
    .toBuffer();
}
