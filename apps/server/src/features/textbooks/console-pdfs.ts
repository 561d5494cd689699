/**
 * Textbook PDFs uploaded in the operator console (docs/console-content.md, Textbook PDF): the
 * multipart part is streamed to a temporary file of the storage interface (never held in memory),
 * its first bytes checked for the `%PDF-` header while it streams, its size bounded by
 * LIMITS.textbookPdfBytes, then moved under a fresh key `textbooks/console-pdfs/{book}-{random}.pdf`.
 * The book row switches to the new key in one UPDATE, so a reader sees the old file or the new one,
 * never a partial one; the replaced console PDF is removed afterwards. Files the importer copied
 * (shared by content hash) are left alone.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode, LIMITS } from '@eav/contract';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, badRequest } from '../../lib/errors';
import type { ResourceStorage } from '../../lib/storage';

const PREFIX = 'textbooks/console-pdfs/';
const MAGIC = Buffer.from('%PDF-', 'latin1');
const MB = 1024 * 1024;

/** 413 with the limit in MB. */
export const pdfTooLarge = () =>
  new AppError(413, ErrorCode.FILE_TOO_LARGE, `教材 PDF 不能超过 ${LIMITS.textbookPdfBytes / MB} MB`);
/** 415: the content does not start with the PDF header. */
export const notPdf = () => new AppError(415, ErrorCode.FILE_TYPE, '只能上传 PDF 文件（文件内容不是 PDF）');

/**
 * Streams the multipart file part to storage and answers its key and size in bytes.
 * @throws 415 when the bytes do not start with `%PDF-`, 413 when larger than LIMITS.textbookPdfBytes,
 *   400 for an empty file, 422 when the upload breaks off. Nothing is left behind on failure.
 */
export async function storeConsolePdf(
  storage: ResourceStorage,
  bookId: number,
  part: MultipartFile,
): Promise<{ key: string; size: number }> {
  const temp = await storage.tempFile('pdf');
  let size = 0;
  let head = Buffer.alloc(0);
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (head.length < MAGIC.length) {
        head = Buffer.concat([head, chunk.subarray(0, MAGIC.length - head.length)]);
        // Refused at its first bytes: a wrong file is not written to disk.
        if (!MAGIC.subarray(0, head.length).equals(head)) return done(notPdf());
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, check, fs.createWriteStream(temp));
    if (part.file.truncated) throw pdfTooLarge();
    if (size === 0) throw badRequest('文件是空的，请选择教材 PDF');
    if (head.length < MAGIC.length) throw notPdf();
    const key = `${PREFIX}${bookId}-${randomBytes(6).toString('hex')}.pdf`;
    await storage.putFile(key, temp);
    return { key, size };
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    // Whatever is left of the request is drained so the answer can be sent.
    part.file.resume();
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw pdfTooLarge();
    throw new AppError(422, ErrorCode.FILE_STREAM, '文件上传中断，请重新上传');
  }
}

/** Removes a console PDF's bytes (keys of imported or seeded files are ignored). */
export async function removeConsolePdf(storage: ResourceStorage, key: string | null): Promise<void> {
  if (key?.startsWith(PREFIX)) await storage.remove(key);
}
