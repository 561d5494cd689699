/**
 * The console's banner order and export (docs/console-content.md, Banners), next to the banner
 * routes of banner.ts (which registers this plugin with its audit):
 * - `POST /api/v1/admin/banners/reorder` `{ids}`: every banner's id in the new display order. One
 *   transaction rewrites the sort values (10, 20, 30, …, so the numeric field can still place a
 *   banner between two), audited with the order before and after; a list that is not exactly the
 *   stored banners (one added or deleted meanwhile) is refused with 409. The carousel's read cache
 *   is invalidated like after every banner write.
 * - `GET /api/v1/admin/banners/export?format=csv|xlsx&state=`: the list in display order, filtered
 *   by state as the page filters it, at most CONSOLE_EXPORT_MAX_ROWS rows, audited.
 * Roles `admin` and `operator`.
 */
import {
  adminBanner,
  ApiPaths,
  BANNER_STATE_LABELS,
  bannerExportQuery,
  bannerReorderBody,
  bannerStateAt,
  CONSOLE_ACCESS,
  CONSOLE_EXPORT_MAX_ROWS,
  envelope,
  exportQuery,
  type AdminBanner,
} from '@eav/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { banner } from '../db/schema';
import { conflict } from '../lib/errors';
import { ok } from '../lib/http';
import { noAudit, type OperatorAudit } from '../lib/operator-audit';
import { exportAuditEntry, sendTable, type ExportColumn } from '../lib/table-export';
import { adminView } from './banner-view';

const ADMIN = { roles: CONSOLE_ACCESS.content } as const;
/** Gap between the sort values a reorder writes. */
export const BANNER_SORT_STEP = 10;
const security = [{ bearer: [] }];

const exportColumns = (now: number): ExportColumn<AdminBanner>[] => [
  { header: '编号', value: (b) => b.id, width: 8 },
  { header: '标题', value: (b) => b.title, width: 30 },
  { header: '副标题', value: (b) => b.subtitle, width: 30 },
  { header: '图片', value: (b) => b.image, width: 40 },
  { header: '链接', value: (b) => b.link, width: 30 },
  { header: '排序', value: (b) => b.sortOrder, width: 8 },
  { header: '状态', value: (b) => BANNER_STATE_LABELS[bannerStateAt(b, now)], width: 10 },
  { header: '开始展示', value: (b) => b.startsAt, width: 26 },
  { header: '结束展示', value: (b) => b.endsAt, width: 26 },
  { header: '创建时间', value: (b) => b.createdAt, width: 26 },
];

const bannerConsoleRoutes: FastifyPluginAsyncZod<{ audit?: OperatorAudit }> = async (app, { audit = noAudit }) => {
  const inOrder = () => app.db.select().from(banner).orderBy(asc(banner.sortOrder), asc(banner.id));

  app.post(
    ApiPaths.adminBannersReorder,
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '调整轮播图顺序（按新顺序给出全部轮播图编号）',
        security,
        body: bannerReorderBody,
        response: { 200: envelope(z.array(adminBanner)) },
      },
    },
    async (request) => {
      const { ids } = request.body;
      const rows = await app.db.transaction(async (tx) => {
        const current = await tx.select().from(banner).orderBy(asc(banner.sortOrder), asc(banner.id)).for('update');
        const stored = new Set(current.map((r) => r.id));
        if (ids.length !== current.length || ids.some((id) => !stored.has(id)))
          throw conflict('轮播图列表已变化，请刷新后重新排序');
        const sortOf = new Map(ids.map((id, i) => [id, (i + 1) * BANNER_SORT_STEP]));
        for (const r of current) {
          const sortOrder = sortOf.get(r.id)!;
          if (r.sortOrder !== sortOrder) await tx.update(banner).set({ sortOrder }).where(eq(banner.id, r.id));
        }
        await audit(tx, request, {
          event: 'banner_reorder',
          target: 'banner:order',
          before: { order: current.map((r) => ({ id: r.id, sortOrder: r.sortOrder })) },
          after: { order: ids.map((id) => ({ id, sortOrder: sortOf.get(id)! })) },
        });
        return tx.select().from(banner).orderBy(asc(banner.sortOrder), asc(banner.id));
      });
      await app.readCache.invalidate('banner');
      return ok(rows.map((r) => adminView(r)));
    },
  );

  app.get(
    ApiPaths.adminBannersExport,
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '导出轮播图列表（CSV 或 Excel，可按状态筛选）',
        security,
        querystring: bannerExportQuery.extend(exportQuery.shape),
      },
    },
    async (request, reply) => {
      const { format, state } = request.query;
      const now = app.clock();
      const rows = (await inOrder())
        .map((r) => adminView(r))
        .filter((b) => !state || bannerStateAt(b, now) === state)
        .slice(0, CONSOLE_EXPORT_MAX_ROWS);
      await audit(app.db, request, exportAuditEntry('banners', format, rows.length, { state }));
      return sendTable(reply, format, '轮播图', exportColumns(now), rows);
    },
  );
};

export default bannerConsoleRoutes;
