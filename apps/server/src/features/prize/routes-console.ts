/**
 * Operators' activity calls (roles `admin` and `operator`, declared per route for the role gate;
 * docs/prize.md, Operators): list, create or update by code (refused once started: the same
 * service as `npm run activity:create`; audited with the definition before and after), live
 * figures, rebuild the ranking from the database, the draw audit, and the list's export as CSV or
 * Excel (docs/console-content.md, Activities).
 */
import {
  activityCodeParams,
  activityStats,
  adminActivity,
  type AdminActivity,
  ApiPaths,
  CONSOLE_EXPORT_MAX_ROWS,
  drawAudit,
  exportQuery,
  envelope,
  paged,
  paginationQuery,
  PrizeMessages,
  CONSOLE_ACCESS,
} from '@eav/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { prizeActivities, prizeDraws, prizeGroups, prizeParticipants } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { noAudit } from '../../lib/operator-audit';
import { exportAuditEntry, sendTable, type ExportColumn } from '../../lib/table-export';
import { adminView, loadActivity, saveActivity, statusAt } from './activities';
import { routePath, type PrizeOptions } from './routes-common';

const ADMIN = { roles: CONSOLE_ACCESS.content } as const;

const STATUS_LABELS: Record<AdminActivity['status'], string> = {
  upcoming: '未开始',
  running: '进行中',
  ended: '已结束',
};

const exportColumns: ExportColumn<AdminActivity>[] = [
  { header: '编码', value: (a) => a.activityCode, width: 20 },
  { header: '名称', value: (a) => a.title, width: 30 },
  { header: '状态', value: (a) => STATUS_LABELS[a.status], width: 10 },
  { header: '已发布', value: (a) => (a.published ? '是' : '否'), width: 8 },
  { header: '开始', value: (a) => a.startAt, width: 26 },
  { header: '结束', value: (a) => a.endAt, width: 26 },
  { header: '推荐教材数', value: (a) => a.books.length, width: 12 },
  { header: '奖品组数', value: (a) => a.prizeGroups.length, width: 10 },
  { header: '参与人数', value: (a) => a.participants, width: 10 },
];

/** The definition an audit row keeps of an activity (without its changing figures). */
function auditable(a: AdminActivity) {
  const { participants: _participants, status: _status, ...rest } = a;
  return JSON.parse(JSON.stringify(rest)) as Record<string, string | number | boolean | null>;
}

const adminRoutes: FastifyPluginAsyncZod<PrizeOptions> = async (app, { service, audit = noAudit }) => {
  const find = async (code: string) => {
    const a = await loadActivity(app.db, code);
    if (!a) throw notFound(PrizeMessages.activityNotFound);
    return a;
  };

  /** The activities, latest start first, as operators see them (at most `limit`). */
  async function list(limit: number): Promise<AdminActivity[]> {
    const rows = await app.db
      .select({ code: prizeActivities.code })
      .from(prizeActivities)
      .orderBy(desc(prizeActivities.startAt), desc(prizeActivities.id))
      .limit(limit);
    const now = app.clock();
    const out = [];
    for (const r of rows) out.push(await adminView(app.db, (await loadActivity(app.db, r.code))!, now));
    return out;
  }

  app.get(
    ApiPaths.adminPrizeActivities,
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '活动列表（含未发布的）',
        security: [{ bearer: [] }],
        response: { 200: envelope(z.array(adminActivity)) },
      },
    },
    async () => ok(await list(100)),
  );

  app.get(
    ApiPaths.adminPrizeActivitiesExport,
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '导出活动列表（CSV 或 Excel）',
        security: [{ bearer: [] }],
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const rows = await list(CONSOLE_EXPORT_MAX_ROWS);
      await audit(app.db, request, exportAuditEntry('activities', format, rows.length, {}));
      return sendTable(reply, format, '活动', exportColumns, rows);
    },
  );

  app.post(
    ApiPaths.adminPrizeActivities,
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '创建活动，或修改尚未开始的同编码活动（开始后答 409 PRIZE.ACTIVITY_STARTED）',
        security: [{ bearer: [] }],
        // Validated by the service (the CLI shares it), which names the offending field.
        body: z.record(z.string(), z.unknown()),
        response: { 200: envelope(adminActivity.extend({ created: z.boolean() })) },
      },
    },
    async (request) => {
      const now = app.clock();
      const code = typeof request.body.code === 'string' ? request.body.code.trim() : '';
      const previous = code ? await loadActivity(app.db, code) : null;
      const before = previous ? await adminView(app.db, previous, now) : null;
      const { activity, created } = await saveActivity(app.db, request.body, now);
      service.activities.invalidate(activity.code);
      const after = await adminView(app.db, activity, now);
      await audit(app.db, request, {
        event: 'activity_save',
        target: `activity:${activity.code}`,
        before: before ? auditable(before) : null,
        after: auditable(after),
      });
      request.log.info({ activity: activity.code, created, by: request.auth.user.id }, 'prize activity saved');
      return ok({ ...after, created });
    },
  );

  app.get(
    routePath(ApiPaths.adminPrizeActivityStats, 'code'),
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '活动实时数据：参与人数、累计积分、抽奖次数、剩余奖品（不含参与奖）与剩余参与奖',
        security: [{ bearer: [] }],
        params: activityCodeParams,
        response: { 200: envelope(activityStats) },
      },
    },
    async (request) => {
      const a = await find(request.params.code);
      const [[people], [draws], [stock]] = await Promise.all([
        app.db
          .select({ n: count(), points: sql<number>`coalesce(sum(${prizeParticipants.points}), 0)::int` })
          .from(prizeParticipants)
          .where(eq(prizeParticipants.activityId, a.id)),
        app.db.select({ n: count() }).from(prizeDraws).where(eq(prizeDraws.activityId, a.id)),
        // The fallback (participation) award is handed out when the real prizes run out: it is
        // counted apart, never as a prize left.
        app.db
          .select({
            n: sql<number>`coalesce(sum(${prizeGroups.stock}) filter (where not ${prizeGroups.fallback}), 0)::int`,
            fallback: sql<number>`coalesce(sum(${prizeGroups.stock}) filter (where ${prizeGroups.fallback}), 0)::int`,
          })
          .from(prizeGroups)
          .where(eq(prizeGroups.activityId, a.id)),
      ]);
      return ok({
        participants: people?.n ?? 0,
        points: Number(people?.points ?? 0),
        draws: draws?.n ?? 0,
        prizesLeft: Number(stock?.n ?? 0),
        participationLeft: Number(stock?.fallback ?? 0),
        status: statusAt(a, app.clock()),
      });
    },
  );

  app.post(
    routePath(ApiPaths.adminPrizeRankingRebuild, 'code'),
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '从数据库重建排行榜',
        security: [{ bearer: [] }],
        params: activityCodeParams,
        response: { 200: envelope(z.object({ participants: z.number().int() })) },
      },
    },
    async (request) => {
      const a = await find(request.params.code);
      return ok({ participants: await service.rebuild(a) });
    },
  );

  app.get(
    routePath(ApiPaths.adminPrizeDraws, 'code'),
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '抽奖审计记录（最新在前）',
        security: [{ bearer: [] }],
        params: activityCodeParams,
        querystring: paginationQuery,
        response: { 200: envelope(paged(drawAudit)) },
      },
    },
    async (request) => {
      const a = await find(request.params.code);
      const { page: pageNo, pageSize } = request.query;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(prizeDraws)
          .where(eq(prizeDraws.activityId, a.id))
          .orderBy(desc(prizeDraws.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        app.db.select({ n: count() }).from(prizeDraws).where(eq(prizeDraws.activityId, a.id)),
      ]);
      const items = rows.map((d) => ({
        id: d.id,
        userId: d.userId,
        drawnGroupId: d.drawnGroupId,
        awardedGroupId: d.awardedGroupId,
        randomValue: d.randomValue,
        totalWeight: d.totalWeight,
        stockBefore: d.stockBefore,
        stockAfter: d.stockAfter,
        fallback: d.fallback,
        cost: d.cost,
        createdAt: d.createdAt.toISOString(),
      }));
      return ok(page(items, total?.n ?? 0, pageNo, pageSize));
    },
  );
};

export default adminRoutes;
