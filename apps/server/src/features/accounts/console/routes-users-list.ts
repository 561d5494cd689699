/**
 * The console's user list and its export (docs/console.md, 用户): search by phone, user name or real
 * name, filters by status and role, sorting and paging on the server; the export answers the same
 * filters as a file (at most CONSOLE_EXPORT_MAX_ROWS rows) and is audited. Support and admin.
 */
import {
  adminUserRow,
  adminUsersQuery,
  ApiPaths,
  CONSOLE_ACCESS,
  CONSOLE_EXPORT_MAX_ROWS,
  envelope,
  exportQuery,
  paged,
  type AdminUserRow,
} from '@eav/contract';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { users } from '../../../db/schema';
import { ok, page } from '../../../lib/http';
import { exportAuditEntry, sendTable, type ExportColumn } from '../../../lib/table-export';
import { operatorAudit } from '../audit';
import { rowOf, userColumns } from './users-view';

const tags = ['console'];
const security = [{ bearer: [] }];

/** `%` and `_` typed by an operator match themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type Filters = z.infer<typeof adminUsersQuery>;

function whereOf(q: Filters): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (q.q) {
    const like = `%${likeEscape(q.q)}%`;
    conds.push(
      or(
        /^\d{3,11}$/.test(q.q) ? sql`${users.phone} like ${like}` : undefined,
        ilike(users.userName, like),
        ilike(users.realName, like),
      ),
    );
  }
  if (q.status) conds.push(eq(users.status, q.status));
  if (q.role) conds.push(sql`${q.role} = any(${users.roles})`);
  return and(...conds);
}

const exportColumns: ExportColumn<AdminUserRow>[] = [
  { header: '用户编号', value: (r) => r.userId, width: 10 },
  { header: '用户名', value: (r) => r.userName, width: 20 },
  { header: '手机号', value: (r) => r.phone },
  { header: '姓名', value: (r) => r.realName },
  { header: '身份', value: (r) => r.identity },
  { header: '角色', value: (r) => r.roles.join(' '), width: 24 },
  { header: '状态', value: (r) => r.status },
  { header: '锁定至', value: (r) => r.lockedUntil, width: 26 },
  { header: '注册时间', value: (r) => r.createdAt, width: 26 },
];

const usersListRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = { roles: CONSOLE_ACCESS.support };

  async function list(q: Filters, limit: number, offset: number) {
    const where = whereOf(q);
    const dir = q.order === 'ascend' ? asc : desc;
    const sortCol = q.sort === 'userName' ? users.userName : q.sort === 'createdAt' ? users.createdAt : users.id;
    const rows = await app.db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(dir(sortCol), dir(users.id))
      .limit(limit)
      .offset(offset);
    return rows;
  }

  app.get(
    ApiPaths.adminUsers,
    {
      config: support,
      schema: {
        tags,
        security,
        summary: '用户列表（手机号、用户名或姓名搜索）',
        querystring: adminUsersQuery,
        response: { 200: envelope(paged(adminUserRow)) },
      },
    },
    async (request) => {
      const q = request.query;
      const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(users).where(whereOf(q));
      const rows = await list(q, q.pageSize, (q.page - 1) * q.pageSize);
      const now = app.clock();
      return ok(
        page(
          rows.map((r) => rowOf(r, now)),
          n,
          q.page,
          q.pageSize,
        ),
      );
    },
  );

  app.get(
    ApiPaths.adminUsersExport,
    {
      config: support,
      schema: {
        tags,
        security,
        summary: '导出用户列表（CSV 或 Excel，与列表相同的筛选）',
        querystring: adminUsersQuery.extend(exportQuery.shape),
      },
    },
    async (request, reply) => {
      const now = app.clock();
      const rows = await list(request.query, CONSOLE_EXPORT_MAX_ROWS, 0);
      await operatorAudit(app.db, request, exportAuditEntry('users', request.query.format, rows.length, request.query));
      return sendTable(
        reply,
        request.query.format,
        '用户',
        exportColumns,
        rows.map((r) => rowOf(r, now)),
      );
    },
  );
};

export default usersListRoutes;
