/**
 * The console's chapter tree editor (docs/console-content.md, Chapter tree editor): read and save one
 * book's whole chapter tree. The question bank owns chapter trees (import, mapping to knowledge points),
 * so it serves their editor too, under the console's catalogue paths. Roles of CONSOLE_ACCESS.content,
 * checked by the role gate before the body is read; every save is audited in its transaction through
 * the operator audit passed in by app.ts, and announced to the read caches of other instances (the
 * `textbooks` scope: book details carry the chapter tree).
 */
import { ApiPaths, CONSOLE_ACCESS, consoleChaptersBody, consoleChapterTree, envelope, idParam } from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import { noAudit } from '../../lib/operator-audit';
import { consoleChapterTreeOf, saveConsoleChapterTree } from './console-chapters';
import type { QuestionBankOptions } from './routes-common';

const CONTENT = { roles: CONSOLE_ACCESS.content } as const;
const bookParams = z.object({ id: idParam });
/** A tree of LIMITS.chapterTree.nodesMax nodes with long Chinese titles stays well below this (bytes). */
const CHAPTERS_BODY_LIMIT = 4 * 1024 * 1024;

const consoleChapterRoutes: FastifyPluginAsyncZod<QuestionBankOptions> = async (app, { audit = noAudit }) => {
  app.get(
    ApiPaths.adminCatalogueTextbookChapters(':id'),
    {
      config: CONTENT,
      schema: {
        tags: ['console'],
        summary: '教材目录（章节树，含每个章节被资源、视频、作业引用的数量）',
        security: [{ bearer: [] }],
        params: bookParams,
        response: { 200: envelope(consoleChapterTree) },
      },
    },
    async (request) => ok(await consoleChapterTreeOf(app.db, request.params.id)),
  );

  app.put(
    ApiPaths.adminCatalogueTextbookChapters(':id'),
    {
      bodyLimit: CHAPTERS_BODY_LIMIT,
      config: { ...CONTENT, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['console'],
        summary: '保存教材目录（整棵章节树；带编号的章节保留编号，被引用的章节不能删除）',
        security: [{ bearer: [] }],
        params: bookParams,
        body: consoleChaptersBody,
        response: { 200: envelope(consoleChapterTree) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changed = await app.db.transaction(async (tx) => {
        const saved = await saveConsoleChapterTree(tx, id, request.body.chapters, new Date(app.clock()));
        if (saved.changed)
          await audit(tx, request, {
            event: 'textbook_chapters',
            target: `textbook:${id}`,
            before: saved.before,
            after: saved.after,
          });
        return saved.changed;
      });
      if (changed) await app.readCache.invalidate('textbooks');
      return ok(await consoleChapterTreeOf(app.db, id));
    },
  );
};

export default consoleChapterRoutes;
