/**
 * The console's 用户 section (docs/console.md): look-up by phone, user name or real name (support and
 * admin), detail with third-party bindings, unlocking a locked account and ending its sessions
 * (support), roles and bulk disabling (admin). Answers never hold a password, a code or a full
 * phone number. Only `admin` may act on an account that holds a console role. Every write is
 * audited with before and after values.
 */
import {
  adminBulkResult,
  adminBulkStatusBody,
  adminUserDetail,
  adminUserRolesBody,
  adminUserRow,
  adminUsersQuery,
  ApiPaths,
  CONSOLE_ACCESS,
  envelope,
  exportQuery,
  idField,
  isConsoleRole,
  paged,
  CONSOLE_EXPORT_MAX_ROWS,
  type AdminUserRow,
} from '@eav/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleMfa, externalIdentities, sessions, users } from '../../../db/schema';
import { conflict, notFound, unprocessable } from '../../../lib/errors';
import { ok, page } from '../../../lib/http';
import { exportAuditEntry, sendTable, type ExportColumn } from '../../../lib/table-export';
import { ADMIN_ROLE } from '../../../plugins/auth';
import { consoleAudit, maskPhone } from '../audit';
import { findUserById, revokeSessions, type UserRow } from '../service';

/** `{userId}` of the per-user paths (as the accounts' own routes read it). */
const userIdParams = z.object({ userId: idField('用户 id 无效') });
const nullEnvelope = envelope(z.null());
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

function rowOf(
  u: Pick<
    UserRow,
    'id' | 'userName' | 'phone' | 'realName' | 'identity' | 'roles' | 'status' | 'lockedUntil' | 'createdAt'
  >,
  now: number,
): AdminUserRow {
  return {
    userId: u.id,
    userName: u.userName,
    phone: u.phone ? maskPhone(u.phone) : null,
    realName: u.realName,
    identity: u.identity,
    roles: u.roles,
    status: u.status,
    lockedUntil: u.lockedUntil && u.lockedUntil.getTime() > now ? u.lockedUntil.toISOString() : null,
    createdAt: u.createdAt.toISOString(),
  };
}

const columns = {
  id: users.id,
  userName: users.userName,
  phone: users.phone,
  realName: users.realName,
  identity: users.identity,
  roles: users.roles,
  status: users.status,
  lockedUntil: users.lockedUntil,
  createdAt: users.createdAt,
};

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

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = { roles: CONSOLE_ACCESS.support };
  const adminOnly = { roles: CONSOLE_ACCESS.admin };

  async function list(q: Filters, limit: number, offset: number) {
    const where = whereOf(q);
    const dir = q.order === 'ascend' ? asc : desc;
    const sortCol = q.sort === 'userName' ? users.userName : q.sort === 'createdAt' ? users.createdAt : users.id;
    const rows = await app.db
      .select(columns)
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
      await consoleAudit(app.db, request, exportAuditEntry('users', request.query.format, rows.length, request.query));
      return sendTable(
        reply,
        request.query.format,
        '用户',
        exportColumns,
        rows.map((r) => rowOf(r, now)),
      );
    },
  );

  async function detail(userId: number) {
    const [u] = await app.db
      .select({ ...columns, school: users.school })
      .from(users)
      .where(eq(users.id, userId));
    if (!u) throw notFound('用户不存在');
    const now = app.clock();
    const bindings = await app.db
      .select({ provider: externalIdentities.provider, boundAt: externalIdentities.createdAt })
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, userId));
    const [{ n } = { n: 0 }] = await app.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))));
    const [mfa] = await app.db
      .select({ confirmedAt: consoleMfa.confirmedAt })
      .from(consoleMfa)
      .where(eq(consoleMfa.userId, userId));
    return {
      ...rowOf(u, now),
      school: u.school,
      bindings: bindings.map((b) => ({ provider: b.provider, boundAt: b.boundAt.toISOString() })),
      activeSessions: n,
      mfaEnrolled: !!mfa?.confirmedAt,
    };
  }

  app.get(
    ApiPaths.adminUser(':userId'),
    {
      config: support,
      schema: {
        tags,
        security,
        summary: '用户详情（含第三方登录绑定）',
        params: userIdParams,
        response: { 200: envelope(adminUserDetail) },
      },
    },
    async (request) => ok(await detail(request.params.userId)),
  );

  /** The target of a write: live, and only an admin acts on a console account. */
  async function target(userId: number, actorRoles: string[]): Promise<UserRow> {
    const u = await findUserById(app.db, userId);
    if (!u || u.status === 'cancelled') throw notFound('用户不存在');
    if (!actorRoles.includes(ADMIN_ROLE) && u.roles.some(isConsoleRole))
      throw unprocessable('只有超级管理员可以操作后台账号');
    return u;
  }

  app.put(
    ApiPaths.adminUserRoles(':userId'),
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary: '设置后台角色（超级管理员）',
        params: userIdParams,
        body: adminUserRolesBody,
        response: { 200: envelope(adminUserDetail) },
      },
    },
    async (request) => {
      const u = await target(request.params.userId, request.auth.user.roles);
      const wanted = [...new Set(request.body.roles)];
      if (u.id === request.auth.user.id && !wanted.includes(ADMIN_ROLE))
        throw unprocessable('不能取消自己的超级管理员角色');
      const roles = [...u.roles.filter((r) => !isConsoleRole(r)), ...wanted];
      await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ roles, updatedAt: new Date(app.clock()) })
          .where(eq(users.id, u.id));
        await consoleAudit(tx, request, {
          event: 'console_user_roles',
          target: `user:${u.id}`,
          userId: u.id,
          before: { roles: u.roles },
          after: { roles },
        });
      });
      await app.forgetSessions(u.id);
      return ok(await detail(u.id));
    },
  );

  app.post(
    ApiPaths.adminUserUnlock(':userId'),
    {
      config: support,
      schema: {
        tags,
        security,
        summary: '解除账号锁定（密码错误次数过多）',
        params: userIdParams,
        response: { 200: envelope(adminUserDetail) },
      },
    },
    async (request) => {
      const u = await target(request.params.userId, request.auth.user.roles);
      const now = app.clock();
      if (!u.lockedUntil || u.lockedUntil.getTime() <= now) throw conflict('该账号未被锁定');
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ lockedUntil: null, failedLoginCount: 0 }).where(eq(users.id, u.id));
        await consoleAudit(tx, request, {
          event: 'console_user_unlock',
          target: `user:${u.id}`,
          userId: u.id,
          before: { lockedUntil: u.lockedUntil!.toISOString(), failedLoginCount: u.failedLoginCount },
          after: { lockedUntil: null, failedLoginCount: 0 },
        });
      });
      return ok(await detail(u.id));
    },
  );

  app.delete(
    ApiPaths.adminUserSessions(':userId'),
    {
      config: support,
      schema: {
        tags,
        security,
        summary: '结束该用户的全部登录会话',
        params: userIdParams,
        response: { 200: nullEnvelope },
      },
    },
    async (request) => {
      const u = await target(request.params.userId, request.auth.user.roles);
      const now = app.clock();
      const [{ n } = { n: 0 }] = await app.db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))));
      await app.db.transaction(async (tx) => {
        await revokeSessions(tx, u.id, now);
        await consoleAudit(tx, request, {
          event: 'console_user_sessions',
          target: `user:${u.id}`,
          userId: u.id,
          before: { activeSessions: n },
          after: { activeSessions: 0 },
        });
      });
      await app.forgetSessions(u.id);
      return ok(null);
    },
  );

  app.post(
    ApiPaths.adminUsersBulkStatus,
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary: '批量停用或启用账号（超级管理员）',
        body: adminBulkStatusBody,
        response: { 200: envelope(adminBulkResult) },
      },
    },
    async (request) => {
      const { userIds, status } = request.body;
      const ids = [...new Set(userIds)].filter((id) => id !== request.auth.user.id);
      const found = ids.length
        ? await app.db.select({ id: users.id, status: users.status }).from(users).where(inArray(users.id, ids))
        : [];
      const change = found.filter((u) => u.status !== 'cancelled' && u.status !== status);
      await app.db.transaction(async (tx) => {
        for (const u of change) {
          await tx
            .update(users)
            .set({ status, updatedAt: new Date(app.clock()) })
            .where(eq(users.id, u.id));
          await consoleAudit(tx, request, {
            event: 'console_user_status',
            target: `user:${u.id}`,
            userId: u.id,
            before: { status: u.status },
            after: { status },
          });
        }
      });
      for (const u of change) await app.forgetSessions(u.id);
      return ok({ changed: change.length, skipped: userIds.length - change.length });
    },
  );
};

export default usersRoutes;
