/**
 * Reader marks routes (docs/reader.md, Marks; docs/api.md, Reader marks): the caller's 书签, 划线 and
 * 笔记 of a book for the reader and its offline sync, and 我的笔记 across books with its Markdown and
 * DOCX export. Every route needs a login, checked before the body is read. The book routes answer a
 * book the caller may not read as the reader does (404 TEXTBOOK.NO_ACCESS), except a delete: a user
 * may always delete a mark of their own. Another user's mark, or 我的笔记 of another user, is 404.
 */
import {
  ApiPaths,
  envelope,
  idParam,
  inBeijing,
  Messages,
  myReaderMark,
  myReaderMarksExportQuery,
  myReaderMarksQuery,
  paged,
  readerMark,
  readerMarkBody,
  readerMarkParams,
  readerMarksData,
  readerMarksQuery,
  TextbookMessages,
} from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, unprocessable } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { attachmentDisposition, EXPORT_CONTENT_TYPES } from '../../lib/paper-export';
import { sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';
import { decideAccess, noAccess, ownsTextbook } from './access';
import { findBook } from './catalogue';
import { MARKS_EXPORT_TITLE, marksDocx, marksMarkdown } from './marks-export';
import {
  bookMarks,
  deleteMark,
  marksForExport,
  markOut,
  myMarksPage,
  ownMark,
  putMark,
  SYNC_OVERLAP_MS,
} from './marks';
import type { TextbooksOptions } from './routes-common';

const TAGS = ['textbooks'];
const bookParams = z.object({ id: idParam });
const userParams = z.object({ userId: idParam });

/** Exports per session (else per address) and minute: rendering a large DOCX costs CPU. */
const exportRateLimit = {
  max: 20,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => {
    const token = bearerToken(req);
    return `marks-export:${token ? sha256Hex(token) : req.ip}`;
  },
};

const marksRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app) => {
  const auth = { onRequest: app.requireAuth };

  /** The book `id` when the caller may read it; else the reader's 404s. */
  async function readableBook(request: FastifyRequest, id: number) {
    const book = await findBook(app.db, id);
    if (!book) throw notFound(TextbookMessages.notFound);
    const user = request.auth.user;
    const decision = decideAccess(book.access, user, await ownsTextbook(app.db, user.id, book.id));
    if (!decision.allowed) throw noAccess(decision);
    return book;
  }

  /** 我的笔记 of another user is hidden (docs/api.md: 404, never 403). */
  function assertOwner(request: FastifyRequest, userId: number): void {
    if (request.auth.user.id !== userId) throw notFound(Messages.notFoundRequest);
  }

  app.get(
    ApiPaths.textbookMarks(':id'),
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: '本书的书签、划线和笔记（since：此后变化的，含已删除的，用于同步）',
        params: bookParams,
        querystring: readerMarksQuery,
        response: { 200: envelope(readerMarksData) },
      },
    },
    async (request, reply) => {
      const book = await readableBook(request, request.params.id);
      const now = app.clock();
      const { since } = request.query;
      const items = await bookMarks(app.db, request.auth.user.id, book.id, since ? new Date(since) : undefined);
      reply.header('Cache-Control', 'private, no-store');
      return ok({ items, syncedAt: new Date(now - SYNC_OVERLAP_MS).toISOString() });
    },
  );

  app.get(
    ApiPaths.textbookMark(':id', ':markId'),
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: '一条书签、划线或笔记（含已删除的）',
        params: readerMarkParams,
        response: { 200: envelope(readerMark) },
      },
    },
    async (request, reply) => {
      const book = await readableBook(request, request.params.id);
      const row = await ownMark(app.db, request.auth.user.id, book.id, request.params.markId);
      reply.header('Cache-Control', 'private, no-store');
      return ok(markOut(row));
    },
  );

  app.put(
    ApiPaths.textbookMark(':id', ':markId'),
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: '新建或修改书签、划线或笔记（id 由客户端生成；较旧的修改被忽略，返回现存的）',
        params: readerMarkParams,
        body: readerMarkBody,
        response: { 200: envelope(readerMark) },
      },
    },
    async (request) => {
      const book = await readableBook(request, request.params.id);
      if (book.pageCount && request.body.page > book.pageCount) throw unprocessable(Messages.readerMarkPage);
      const mark = await putMark(
        app.db,
        request.auth.user.id,
        book.id,
        request.params.markId,
        request.body,
        new Date(app.clock()),
      );
      return ok(mark);
    },
  );

  app.delete(
    ApiPaths.textbookMark(':id', ':markId'),
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: '删除书签、划线或笔记（留下删除记录，供其他设备同步）',
        params: readerMarkParams,
        response: { 200: envelope(readerMark) },
      },
    },
    async (request) => {
      // No read check: a user may delete their own mark of a book they can no longer read.
      const { id, markId } = request.params;
      return ok(await deleteMark(app.db, request.auth.user.id, id, markId, new Date(app.clock())));
    },
  );

  app.get(
    ApiPaths.userMarks(':userId'),
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: '我的笔记：本人各教材的书签、划线和笔记（关键词、教材、类型筛选，分页）',
        params: userParams,
        querystring: myReaderMarksQuery,
        response: { 200: envelope(paged(myReaderMark)) },
      },
    },
    async (request, reply) => {
      assertOwner(request, request.params.userId);
      const { page: pageNo, pageSize, ...filters } = request.query;
      const { items, total } = await myMarksPage(app.db, request.auth.user.id, filters, pageNo, pageSize);
      reply.header('Cache-Control', 'private, no-store');
      return ok(page(items, total, pageNo, pageSize));
    },
  );

  app.get(
    ApiPaths.userMarksExport(':userId'),
    {
      ...auth,
      config: { rateLimit: exportRateLimit },
      schema: {
        tags: TAGS,
        summary: '导出我的笔记（format=md|docx，按教材、页码分组；筛选同列表）',
        params: userParams,
        querystring: myReaderMarksExportQuery,
      },
    },
    async (request, reply) => {
      assertOwner(request, request.params.userId);
      const { format, ...filters } = request.query;
      const marks = await marksForExport(app.db, request.auth.user.id, filters);
      const now = new Date(app.clock());
      const day = inBeijing(now)?.format('YYYY-MM-DD') ?? '';
      const name = `${MARKS_EXPORT_TITLE}-${day}.${format}`;
      const [type, body] =
        format === 'md'
          ? ['text/markdown; charset=utf-8', marksMarkdown(marks, now)]
          : [EXPORT_CONTENT_TYPES.docx, await marksDocx(marks, now)];
      return reply
        .header('Content-Type', type)
        .header('Content-Disposition', attachmentDisposition(name))
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
};

export default marksRoutes;
