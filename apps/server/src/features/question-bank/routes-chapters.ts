/**
 * Chapter-tree routes (docs/api.md, Chapter trees): the books that have a chapter tree (同步资源 picker)
 * and one book's tree with page kinds, flags and question counts. Public.
 */
import {
  ApiPaths,
  chapterBook,
  chapterBooksQuery,
  chapterTreeNode,
  envelope,
  idParam,
  QuestionBankMessages,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/http';
import { routePath, type QuestionBankOptions } from './routes-common';
import { booksWithChapters, chapterTreeOf } from './structure';

const chapterRoutes: FastifyPluginAsyncZod<QuestionBankOptions> = async (app, { coverUrl }) => {
  app.get(
    ApiPaths.textbooksWithChapters,
    {
      schema: {
        tags: ['question-bank'],
        summary: '有目录的教材（同步资源选择教材用；学段、学科、版本、年级、册次筛选）',
        querystring: chapterBooksQuery,
        response: { 200: envelope(z.array(chapterBook)) },
      },
    },
    async (request) => ok(await booksWithChapters(app.db, request.query, coverUrl)),
  );

  app.get(
    routePath(ApiPaths.textbookChapters, 'id'),
    {
      schema: {
        tags: ['question-bank'],
        summary: '教材目录（章节树：页码、页码类型、选学标记、对应试题数量）',
        params: z.object({ id: idParam }),
        response: { 200: envelope(z.array(chapterTreeNode)) },
      },
    },
    async (request) => {
      const tree = await chapterTreeOf(app.db, request.params.id);
      if (!tree) throw notFound(QuestionBankMessages.textbookNotFound);
      return ok(tree);
    },
  );
};

export default chapterRoutes;
