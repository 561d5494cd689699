/**
 * Operators' 出版动态 routes (docs/publishing.md), roles `CONSOLE_ACCESS.content` through the role
 * gate of plugins/auth.ts (everyone else gets the 404 of an unknown path before the body is read):
 * the table with filters and its export, one announcement with its body, create, edit (publish,
 * unpublish) and delete. Errata and printings are in `routes-console-errata.ts` and
 * `routes-console-printings.ts`. Each write and its audit row commit together; then the write is
 * announced to the read cache's scope 'publishing'.
 */
import {
  adminAnnouncementRow,
  adminAnnouncementsQuery,
  announcementBody,
  announcementDetail,
  ApiPaths,
  CONSOLE_ACCESS,
  CONSOLE_EXPORT_MAX_ROWS,
  envelope,
  exportQuery,
  idParam,
  paged,
  type AdminAnnouncementRow,
  type AnnouncementDetail,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page } from '../../lib/http';
import { sendTable, type ExportColumn } from '../../lib/table-export';
import { routePath, type PublishingOptions } from './common';
import { adminAnnouncement, countAnnouncements, deleteAnnouncement, listAdminAnnouncements } from './console';
import { createAnnouncement, updateAnnouncement } from './records';

const config = { roles: CONSOLE_ACCESS.content };
const tags = ['publishing'];
const idParams = z.object({ id: idParam });
const done = envelope(z.null());

/** What the audit trail keeps of an announcement (the body is long: its length stands for it). */
const snapshot = (a: AnnouncementDetail) => ({
  title: a.title,
  summary: a.summary,
  bodyLength: a.body.length,
  publishedAt: a.publishedAt,
});

const columns: ExportColumn<AdminAnnouncementRow>[] = [
  { header: '编号', value: (r) => r.id, width: 8 },
  { header: '标题', value: (r) => r.title, width: 40 },
  { header: '摘要', value: (r) => r.summary, width: 50 },
  { header: '状态', value: (r) => (r.publishedAt ? '已发布' : '未发布'), width: 8 },
  { header: '发布时间', value: (r) => r.publishedAt, width: 26 },
  { header: '更新时间', value: (r) => r.updatedAt, width: 26 },
];

const adminRoutes: FastifyPluginAsyncZod<PublishingOptions> = async (app, { audit }) => {
  const now = () => new Date(app.clock());
  const changed = () => app.readCache.invalidate('publishing');

  app.get(
    ApiPaths.adminPublishingAnnouncements,
    {
      config,
      schema: {
        tags,
        summary: '全部公告（含未发布；按状态、关键词筛选）',
        querystring: adminAnnouncementsQuery,
        response: { 200: envelope(paged(adminAnnouncementRow)) },
      },
    },
    async (request) => {
      const q = request.query;
      const [total, items] = await Promise.all([
        countAnnouncements(app.db, q),
        listAdminAnnouncements(app.db, q, q.pageSize, (q.page - 1) * q.pageSize),
      ]);
      return ok(page(items, total, q.page, q.pageSize));
    },
  );

  app.get(
    ApiPaths.adminPublishingAnnouncementsExport,
    {
      config,
      schema: { tags, summary: '导出公告列表', querystring: adminAnnouncementsQuery.extend(exportQuery.shape) },
    },
    async (request, reply) =>
      sendTable(
        reply,
        request.query.format,
        '出版动态',
        columns,
        await listAdminAnnouncements(app.db, request.query, CONSOLE_EXPORT_MAX_ROWS, 0),
      ),
  );

  app.get(
    routePath(ApiPaths.adminPublishingAnnouncement, 'id'),
    {
      config,
      schema: {
        tags,
        summary: '一条公告（含未发布）',
        params: idParams,
        response: { 200: envelope(announcementDetail) },
      },
    },
    async (request) => ok(await adminAnnouncement(app.db, request.params.id)),
  );

  app.post(
    ApiPaths.adminPublishingAnnouncements,
    {
      config,
      schema: {
        tags,
        summary: '新建公告（published 为 true 时立即发布）',
        body: announcementBody,
        response: { 200: envelope(announcementDetail) },
      },
    },
    async (request) => {
      const created = await app.db.transaction(async (tx) => {
        const a = await createAnnouncement(tx, request.body, now());
        await audit?.(tx, request, {
          event: 'publishing_announcement_create',
          target: `announcement:${a.id}`,
          before: null,
          after: snapshot(a),
        });
        return a;
      });
      await changed();
      return ok(created);
    },
  );

  app.put(
    routePath(ApiPaths.adminPublishingAnnouncement, 'id'),
    {
      config,
      schema: {
        tags,
        summary: '编辑、发布或撤下公告（published 为 false 即撤下）',
        params: idParams,
        body: announcementBody,
        response: { 200: envelope(announcementDetail) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const updated = await app.db.transaction(async (tx) => {
        const before = await adminAnnouncement(tx, id);
        const a = await updateAnnouncement(tx, id, request.body, now());
        await audit?.(tx, request, {
          event: 'publishing_announcement_update',
          target: `announcement:${id}`,
          before: snapshot(before),
          after: snapshot(a),
        });
        return a;
      });
      await changed();
      return ok(updated);
    },
  );

  app.delete(
    routePath(ApiPaths.adminPublishingAnnouncement, 'id'),
    { config, schema: { tags, summary: '删除公告', params: idParams, response: { 200: done } } },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const before = await adminAnnouncement(tx, id);
        await deleteAnnouncement(tx, id);
        await audit?.(tx, request, {
          event: 'publishing_announcement_delete',
          target: `announcement:${id}`,
          before: snapshot(before),
          after: null,
        });
      });
      await changed();
      return ok(null);
    },
  );
};

export default adminRoutes;
