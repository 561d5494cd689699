/**
 * Dictionary endpoints (docs/product.md §7): `{ id, name }` lists in curriculum order.
 * `/stage/{stageId}/subjects` lists the subjects taught in a stage.
 * Answers come from the read cache (lib/read-cache.ts, scope 'textbooks': any write to the
 * dictionary or the stage subjects invalidates them) with an ETag.
 */
import { ApiPaths, dictEntry, envelope, idField, idQueryField, type DictKind } from '@eav/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dictionary, stageSubject } from '../db/schema';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';

const list = envelope(z.array(dictEntry));

const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const byKind = (kind: DictKind) =>
    app.db
      .select({ id: dictionary.id, name: dictionary.name })
      .from(dictionary)
      .where(eq(dictionary.kind, kind))
      .orderBy(asc(dictionary.sortOrder), asc(dictionary.id));

  const simple: [string, DictKind, string][] = [
    [ApiPaths.dictStage, 'stage', '学段列表'],
    [ApiPaths.dictSubject, 'subject', '学科列表'],
    [ApiPaths.dictEdition, 'edition', '教材版本列表'],
    [ApiPaths.dictPress, 'publisher', '出版社列表'],
    [ApiPaths.dictVolume, 'volume', '册次列表'],
  ];
  for (const [url, kind, summary] of simple) {
    app.get(url, { schema: { tags: ['dictionary'], summary, response: { 200: list } } }, (request, reply) =>
      app.readCache.reply(request, reply, 'textbooks', `dict:${kind}`, async () => ({
        value: list.parse(ok(await byKind(kind))),
      })),
    );
  }

  // Grades, optionally only those of one stage (`?stageId=`: the profile form's 学段 → 年级 picker).
  app.get(
    ApiPaths.dictGrade,
    {
      schema: {
        tags: ['dictionary'],
        summary: '年级列表（可按学段筛选）',
        querystring: z.object({ stageId: idQueryField('学段 id 必须是 1 到 2147483647 之间的整数') }),
        response: { 200: list },
      },
    },
    (request, reply) => {
      const { stageId } = request.query;
      return app.readCache.reply(request, reply, 'textbooks', `dict:grade:${stageId ?? ''}`, async () => ({
        value: list.parse(
          ok(
            await app.db
              .select({ id: dictionary.id, name: dictionary.name })
              .from(dictionary)
              .where(
                stageId
                  ? and(eq(dictionary.kind, 'grade'), eq(dictionary.stageId, stageId))
                  : eq(dictionary.kind, 'grade'),
              )
              .orderBy(asc(dictionary.sortOrder), asc(dictionary.id)),
          ),
        ),
      }));
    },
  );

  app.get(
    '/api/v1/dictionary/stage/:stageId/subjects',
    {
      schema: {
        tags: ['dictionary'],
        summary: '某学段开设的学科',
        params: z.object({ stageId: idField('学段 id 必须是 1 到 2147483647 之间的整数') }),
        response: { 200: list },
      },
    },
    (request, reply) =>
      app.readCache.reply(request, reply, 'textbooks', `dict:stage-subjects:${request.params.stageId}`, async () => {
        const [stage] = await app.db
          .select({ id: dictionary.id, kind: dictionary.kind })
          .from(dictionary)
          .where(eq(dictionary.id, request.params.stageId));
        if (!stage || stage.kind !== 'stage') throw notFound('学段不存在');
        const rows = await app.db
          .select({ id: dictionary.id, name: dictionary.name })
          .from(stageSubject)
          .innerJoin(dictionary, eq(dictionary.id, stageSubject.subjectId))
          .where(eq(stageSubject.stageId, stage.id))
          .orderBy(asc(dictionary.sortOrder), asc(dictionary.id));
        return { value: list.parse(ok(rows)) };
      }),
  );
};
export default dictionaryRoutes;
