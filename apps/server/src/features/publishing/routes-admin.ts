/**
 * Operators' 智慧出版 routes (docs/publishing.md), role `admin` through the role gate of
 * plugins/auth.ts (everyone else gets the 404 of an unknown path before the body is read):
 * announcements (create, edit, publish, unpublish), errata (publish, edit, withdraw) and printings.
 * Each write announces scope 'publishing' to the read cache once it has committed.
 */
import {
  announcementBody,
  announcementDetail,
  announcementListItem,
  ApiPaths,
  envelope,
  erratum,
  erratumBody,
  idParam,
  paged,
  paginationQuery,
  printingBody,
  textbookPrinting,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page } from '../../lib/http';
import { ADMIN_ROLE } from '../../plugins/auth';
import { routePath, type PublishingOptions } from './common';
import {
  addPrinting,
  createAnnouncement,
  deleteErratum,
  deletePrinting,
  listAnnouncements,
  saveErratum,
  updateAnnouncement,
  updateErratum,
} from './records';

const ADMIN = { roles: [ADMIN_ROLE] };
const idParams = z.object({ id: idParam });
const done = envelope(z.null());

const adminRoutes: FastifyPluginAsyncZod<PublishingOptions> = async (app) => {
  const now = () => new Date(app.clock());
  const changed = () => app.readCache.invalidate('publishing');

  app.get(
    ApiPaths.adminPublishingAnnouncements,
    {
      config: ADMIN,
      schema: {
        tags: ['publishing'],
        summary: '全部公告（含未发布，管理员）',
        querystring: paginationQuery,
        response: { 200: envelope(paged(announcementListItem)) },
      },
    },
    async (request) => {
      const { page: pageNo, pageSize } = request.query;
      const { items, total } = await listAnnouncements(app.db, pageNo, pageSize, true);
      return ok(page(items, total, pageNo, pageSize));
    },
  );

  app.post(
    ApiPaths.adminPublishingAnnouncements,
    {
      config: ADMIN,
      schema: {
        tags: ['publishing'],
        summary: '新建公告（published 为 true 时立即发布，管理员）',
        body: announcementBody,
        response: { 200: envelope(announcementDetail) },
      },
    },
    async (request) => {
      const created = await createAnnouncement(app.db, request.body, now());
      await changed();
      return ok(created);
    },
  );

  app.put(
    routePath(ApiPaths.adminPublishingAnnouncement, 'id'),
    {
      config: ADMIN,
      schema: {
        tags: ['publishing'],
        summary: '编辑、发布或撤下公告（published 为 false 即撤下，管理员）',
        params: idParams,
        body: announcementBody,
        response: { 200: envelope(announcementDetail) },
      },
    },
    async (request) => {
      const updated = await updateAnnouncement(app.db, request.params.id, request.body, now());
      await changed();
      return ok(updated);
    },
  );

  app.post(
    ApiPaths.adminPublishingErrata,
    {
      config: ADMIN,
      schema: {
        tags: ['publishing'],
        summary: '发布勘误（同一教材、页码和原文再次提交时更新该条，管理员）',
        body: erratumBody,
        response: { 200: envelope(erratum) },
      },
    },
    async (request) => {
      const { erratum: saved } = await saveErratum(app.db, request.body, now());
      await changed();
      return ok(saved);
    },
  );

  app.put(
    routePath(ApiPaths.adminPublishingErratum, 'id'),
    {
      config: ADMIN,
      schema: {
        tags: ['publishing'],
        summary: '修改勘误（管理员）',
        params: idParams,
        body: erratumBody,
        response: { 200: envelope(erratum) },
      },
    },
    async (request) => {
      const saved = await updateErratum(app.db, request.params.id, request.body, now());
      await changed();
      return ok(saved);
    },
  );

  app.delete(
    routePath(ApiPaths.adminPublishingErratum, 'id'),
    {
      config: ADMIN,
      schema: { tags: ['publishing'], summary: '撤回勘误（管理员）', params: idParams, response: { 200: done } },
    },
    async (request) => {
      await deleteErratum(app.db, request.params.id);
      await changed();
      return ok(null);
    },
  );

  app.post(
    ApiPaths.adminPublishingPrintings,
    {
      config: ADMIN,
      schema: {
        tags: ['publishing'],
        summary: '登记教材的版次印次（管理员）',
        body: printingBody,
        response: { 200: envelope(textbookPrinting) },
      },
    },
    async (request) => {
      const saved = await addPrinting(app.db, request.body);
      await changed();
      return ok(saved);
    },
  );

  app.delete(
    routePath(ApiPaths.adminPublishingPrinting, 'id'),
    {
      config: ADMIN,
      schema: { tags: ['publishing'], summary: '删除印次记录（管理员）', params: idParams, response: { 200: done } },
    },
    async (request) => {
      await deletePrinting(app.db, request.params.id);
      await changed();
      return ok(null);
    },
  );
};

export default adminRoutes;
