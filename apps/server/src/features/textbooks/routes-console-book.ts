/**
 * The console's catalogue section, one book's PDF (docs/console-content.md, Textbook PDF): replace
 * it. Roles of CONSOLE_ACCESS.content, checked by the role gate before the body is read; every write
 * is audited in its transaction through the operator audit passed in by app.ts, and announced to the
 * read caches of other instances (the `textbooks` scope: book details say whether the book has a
 * file). The book's chapter tree editor is the question bank's (`routes-console-chapters.ts`).
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  ApiPaths,
  CONSOLE_ACCESS,
  consoleTextbookPdf,
  envelope,
  ErrorCode,
  idParam,
  LIMITS,
  TextbookMessages,
} from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textbooks } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { ok } from '../../lib/http';
import { noAudit } from '../../lib/operator-audit';
import { pdfTooLarge, removeConsolePdf, storeConsolePdf } from './console-pdfs';
import type { TextbooksOptions } from './routes-common';

const CONTENT = { roles: CONSOLE_ACCESS.content } as const;
const bookParams = z.object({ id: idParam });
/** Multipart framing allowed beyond the file itself (bytes). */
const FRAMING = 64 * 1024;

const bookContentRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { storage, audit = noAudit }) => {
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data'))
      await scope.register(multipart, {
        limits: { fileSize: LIMITS.textbookPdfBytes, files: 1, fields: 5, parts: 6 },
      });
    scope.withTypeProvider<ZodTypeProvider>().put(
      ApiPaths.adminCatalogueTextbookPdf(':id'),
      {
        bodyLimit: LIMITS.textbookPdfBytes + FRAMING,
        config: { ...CONTENT, rateLimit: { max: 10, timeWindow: '1 minute' } },
        // After the role gate, still before the body: a declared length over the limit is refused at once.
        onRequest: async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          if (length > LIMITS.textbookPdfBytes + FRAMING) throw pdfTooLarge();
        },
        schema: {
          tags: ['console'],
          summary: '上传教材 PDF（multipart 字段 file；按文件头 %PDF- 识别；替换原文件）',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          params: bookParams,
          response: { 200: envelope(consoleTextbookPdf) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const [book] = await scope.db
          .select({ id: textbooks.id, fileKey: textbooks.fileKey, fileSize: textbooks.fileSize })
          .from(textbooks)
          .where(eq(textbooks.id, id));
        if (!book) throw notFound(TextbookMessages.notFound);
        if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件（字段 file）');
        let part: MultipartFile | undefined;
        try {
          part = await request.file({ limits: { fileSize: LIMITS.textbookPdfBytes, files: 1 } });
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw pdfTooLarge();
          throw new AppError(422, ErrorCode.FILE_STREAM, '文件上传中断，请重新上传');
        }
        if (!part) throw badRequest('请选择要上传的教材 PDF');
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest('请以 multipart/form-data 上传文件（字段 file）');
        }
        const stored = await storeConsolePdf(storage, id, part);
        try {
          await scope.db.transaction(async (tx) => {
            // pageCount is the old file's: the reader counts the new file's pages itself.
            await tx
              .update(textbooks)
              .set({ fileKey: stored.key, fileSize: stored.size, pageCount: null, updatedAt: new Date(app.clock()) })
              .where(eq(textbooks.id, id));
            await audit(tx, request, {
              event: 'textbook_pdf',
              target: `textbook:${id}`,
              before: { fileKey: book.fileKey, fileSize: book.fileSize },
              after: { fileKey: stored.key, fileSize: stored.size },
              detail: { fileName: part.filename ? part.filename.slice(0, 200) : null },
            });
          });
        } catch (err) {
          await removeConsolePdf(storage, stored.key);
          throw err;
        }
        if (book.fileKey !== stored.key) await removeConsolePdf(storage, book.fileKey);
        await app.readCache.invalidate('textbooks');
        return ok({ id, fileSize: stored.size, pageCount: null });
      },
    );
  });
};

export default bookContentRoutes;
