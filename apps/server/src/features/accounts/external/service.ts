/**
 * Third-party login and binding rules (docs/identity.md, Rules): bind tickets and login tickets
 * (stored hashed, single-use by a conditional UPDATE … RETURNING), the bound-user lookup, logging
 * a bound person in through the accounts' own session and login answer, binding (one identity per
 * user and provider, one user per identity), unbinding (never the last way in) and the bindings list.
 */
import {
  BIND_TICKET_TTL_SECONDS,
  LOGIN_CODE_TTL_SECONDS,
  EXTERNAL_PROVIDER_LABELS,
  EXTERNAL_PROVIDERS,
  ErrorCode,
  type BindingItem,
  type BindingsData,
  type ExternalProvider,
  type LoginData,
  type NotBoundData,
} from '@eav/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../../db/client';
import { bindTickets, externalIdentities, sessions, users } from '../../../db/schema';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../../lib/errors';
import { newToken, sha256Hex } from '../../../lib/tokens';
import { audit } from '../audit';
import { assertConsented } from '../consent';
import { createSession, findUserById, loginData, type UserRow } from '../service';
import type { ExternalPerson } from './providers';
import { browserCookie } from './state';

/** A bind may use a session at most this old, unless the ticket came from that user's own bind flow. */
export const FRESH_LOGIN_MS = 15 * 60_000;
const TICKET_TTL_MS = BIND_TICKET_TTL_SECONDS * 1000;
const CODE_TTL_MS = LOGIN_CODE_TTL_SECONDS * 1000;

/**
 * What a ticket row is: `bind` (`bt_…`, a bind ticket), `login` (`lt_…`, a provider login the
 * callback completed) or `code` (`lc_…`, the one-time login code of a bound WeChat login).
 */
export type TicketKind = 'bind' | 'login' | 'code';
const PREFIX: Record<TicketKind, string> = { bind: 'bt', login: 'lt', code: 'lc' };

/** 400 OAUTH.INVALID with a Chinese message: nobody is logged in. */
export const oauthInvalid = (msg = '登录凭证无效或已过期，请重新登录') => badRequest(msg, ErrorCode.OAUTH_INVALID);
export const bindTicketInvalid = () => oauthInvalid('绑定凭证无效或已过期，请重新登录');

const label = (p: ExternalProvider) => EXTERNAL_PROVIDER_LABELS[p];

type TicketRow = typeof bindTickets.$inferSelect;

/**
 * Stores a new ticket for `person` and answers it (`bt_…`, `lt_…` or `lc_…`, 256 random bits; only
 * its SHA-256 is kept). It belongs to `browser`, the flow cookie of the browser that ran the
 * provider flow: peekTicket and consumeTicket find it only with that cookie (docs/identity.md, Rules).
 * Bind and login tickets live BIND_TICKET_TTL_SECONDS, login codes LOGIN_CODE_TTL_SECONDS.
 */
export async function issueTicket(
  db: Db | Tx,
  person: ExternalPerson,
  options: { kind: TicketKind; userId: number | null; browser: string; now: number },
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = `${PREFIX[options.kind]}_${newToken()}`;
  const expiresAt = new Date(options.now + (options.kind === 'code' ? CODE_TTL_MS : TICKET_TTL_MS));
  await db.insert(bindTickets).values({
    ticketHash: sha256Hex(ticket),
    kind: options.kind,
    provider: person.provider,
    subject: person.subject,
    profile: {
      ...person.profile,
      ...(person.personId ? { personId: person.personId } : {}),
      ...(person.zsVerified ? { zsVerified: true } : {}),
    },
    cubeAccountId: person.cubeAccountId ?? null,
    userId: options.userId,
    browserHash: sha256Hex(options.browser),
    expiresAt,
    createdAt: new Date(options.now),
  });
  // Dead tickets are useless: sweep them now and then.
  if (Math.random() < 0.02) await purgeOldTickets(db, options.now);
  return { ticket, expiresAt };
}

/** The person a ticket row stands for. */
export function personOfTicket(row: TicketRow): ExternalPerson {
  const p = row.profile as { name: string; avatar?: string; role?: string; personId?: string; zsVerified?: boolean };
  return {
    provider: row.provider as ExternalProvider,
    subject: row.subject,
    profile: { name: p.name, ...(p.avatar ? { avatar: p.avatar } : {}), ...(p.role ? { role: p.role } : {}) },
    ...(p.personId ? { personId: p.personId } : {}),
    ...(p.zsVerified ? { zsVerified: true } : {}),
    ...(row.cubeAccountId ? { cubeAccountId: row.cubeAccountId } : {}),
  };
}

/**
 * A live (unused, unexpired) ticket of `kind` issued to the browser whose flow cookie is `browser`,
 * without using it up; undefined otherwise (also without a cookie).
 */
export async function peekTicket(
  db: Db | Tx,
  ticket: string,
  kind: TicketKind,
  browser: string | undefined,
  now: number,
) {
  if (!browser) return undefined;
  const [row] = await db
    .select()
    .from(bindTickets)
    .where(
      and(
        eq(bindTickets.ticketHash, sha256Hex(ticket)),
        eq(bindTickets.kind, kind),
        eq(bindTickets.browserHash, sha256Hex(browser)),
        isNull(bindTickets.consumedAt),
        gt(bindTickets.expiresAt, new Date(now)),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Uses a live ticket of `browser` up (once, also under concurrency); undefined when it is not
 * live, not of `kind`, or was issued to another browser (or there is no flow cookie).
 */
export async function consumeTicket(
  db: Db | Tx,
  ticket: string,
  kind: TicketKind,
  browser: string | undefined,
  now: number,
) {
  if (!browser) return undefined;
  const [row] = await db
    .update(bindTickets)
    .set({ consumedAt: new Date(now) })
    .where(
      and(
        eq(bindTickets.ticketHash, sha256Hex(ticket)),
        eq(bindTickets.kind, kind),
        eq(bindTickets.browserHash, sha256Hex(browser)),
        isNull(bindTickets.consumedAt),
        gt(bindTickets.expiresAt, new Date(now)),
      ),
    )
    .returning();
  return row;
}

/** Deletes tickets that expired over a day ago (called now and then). */
export async function purgeOldTickets(db: Db | Tx, now: number): Promise<void> {
  await db
    .delete(bindTickets)
    .where(sql`${bindTickets.expiresAt} < ${new Date(now - 86_400_000).toISOString()}::timestamptz`);
}

/** The active or disabled user the identity is bound to. */
export async function findBoundUser(db: Db | Tx, person: ExternalPerson): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.provider, person.provider), eq(externalIdentities.subject, person.subject)))
    .limit(1);
  if (!row) return undefined;
  const user = await findUserById(db, row.userId);
  return user && user.status !== 'cancelled' ? user : undefined;
}

/**
 * 之江汇 claims make a teacher a "Zjer teacher" (docs/product.md §5): personId and zsVerified are
 * taken from the provider at each login and bind, and a provider-confirmed teacher gets role teacher.
 */
async function applyProviderClaims(db: Db | Tx, user: UserRow, person: ExternalPerson, now: number): Promise<UserRow> {
  if (person.provider !== 'zjer') return user;
  const personId = person.personId ?? user.personId;
  const zsVerified = person.zsVerified ?? user.zsVerified;
  const teacher = person.profile.role === 'teacher' && (person.personId || person.zsVerified);
  const roles = teacher && !user.roles.includes('teacher') ? [...user.roles, 'teacher'] : user.roles;
  if (personId === user.personId && zsVerified === user.zsVerified && roles === user.roles) return user;
  const [updated] = await db
    .update(users)
    .set({ personId, zsVerified, roles, updatedAt: new Date(now) })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

/** 422 AUTH.ACCOUNT_DISABLED, as the password login answers it. */
const accountDisabled = () => unprocessable('账号已被停用，请联系客服', ErrorCode.AUTH_ACCOUNT_DISABLED);

/**
 * Logs a bound person in: a session and the login answer of `POST /api/v1/pub/login`, audited
 * as `login` with the provider as method. A disabled account is refused (audited).
 */
export async function loginBound(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  person: ExternalPerson,
  platform: string,
): Promise<LoginData> {
  if (user.status !== 'active') {
    await audit(app.db, request, {
      event: 'login_failed',
      result: 'failure',
      userId: user.id,
      detail: { method: person.provider, reason: 'disabled' },
    });
    throw accountDisabled();
  }
  const now = app.clock();
  const { row, session } = await app.db.transaction(async (tx) => {
    const row = await applyProviderClaims(tx, user, person, now);
    return { row, session: await createSession(tx, request, user.id, platform) };
  });
  // The provider may have granted a role: the user's other sessions learn it at once.
  if (row.roles !== user.roles) await app.forgetSessions(user.id);
  await audit(app.db, request, {
    event: 'login',
    result: 'success',
    userId: user.id,
    detail: { method: person.provider },
  });
  return loginData(row, session);
}

/** 409 EDU.ACCOUNT_NOT_BOUND with a new bind ticket (contract: docs/identity.md, Not bound). */
export async function notBound(
  app: FastifyInstance,
  request: FastifyRequest,
  person: ExternalPerson,
  browser: string,
): Promise<AppError> {
  const { ticket } = await issueTicket(app.db, person, { kind: 'bind', userId: null, browser, now: app.clock() });
  await audit(app.db, request, {
    event: 'login_failed',
    result: 'failure',
    detail: { method: person.provider, reason: 'not_bound' },
  });
  const data: NotBoundData = {
    provider: person.provider,
    ticket,
    ...(person.cubeAccountId ? { cubeAccountId: person.cubeAccountId } : {}),
    profile: person.profile,
  };
  return conflict('该账号尚未绑定平台账号', ErrorCode.EDU_ACCOUNT_NOT_BOUND, data);
}

/** Postgres unique violation on `constraint` (PGlite and postgres-js, possibly wrapped by Drizzle). */
function uniqueViolation(err: unknown): string | null {
  for (
    let e = err as
      { code?: string; constraint?: string; constraint_name?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? e.constraint_name ?? e.message ?? '';
  }
  return null;
}

const alreadyBoundElsewhere = (p: ExternalProvider) =>
  conflict(`该${label(p)}账号已绑定其他平台账号，请使用该账号登录或先在原账号中解绑`, ErrorCode.BIND_ALREADY_BOUND);
const userHasProvider = (p: ExternalProvider) =>
  conflict(`当前账号已绑定其他${label(p)}账号，请先解绑`, ErrorCode.BIND_ALREADY_BOUND);

function itemOf(provider: ExternalProvider, row: typeof externalIdentities.$inferSelect | undefined): BindingItem {
  return {
    provider,
    bound: !!row,
    displayName: row?.displayName ?? null,
    boundAt: row ? row.createdAt.toISOString() : null,
  };
}

/**
 * Binds the identity of a bind ticket to the logged-in user (never a user id from the body). The
 * ticket must have been issued to this browser (its flow cookie), so a ticket carried in a link
 * binds nothing in someone else's browser. The session must be fresh (FRESH_LOGIN_MS) unless the ticket came from this user's own bind flow.
 * The ticket is used up only when the binding is made (a refused bind leaves it usable).
 * @param expect the provider the calling endpoint binds, and the 教育魔方 account id it names.
 * @throws 400 AUTH.CONSENT_REQUIRED (no consent to the current documents), 400 OAUTH.INVALID (ticket), 409 BIND.ALREADY_BOUND, 422 (session not fresh)
 */
export async function bindTicketToUser(
  app: FastifyInstance,
  request: FastifyRequest,
  ticket: string,
  expect: { provider?: ExternalProvider; cubeAccountId?: string } = {},
): Promise<BindingItem> {
  const userId = request.auth.user.id;
  const now = app.clock();
  let provider: ExternalProvider | undefined;
  // Binding links the provider's personal data to the account: only under the current consent.
  await assertConsented(app.db, userId);
  try {
    const item = await app.db.transaction(async (tx) => {
      const t = await consumeTicket(tx, ticket, 'bind', browserCookie(request), now);
      if (!t) throw bindTicketInvalid();
      const person = personOfTicket(t);
      provider = person.provider;
      if (expect.provider && person.provider !== expect.provider) throw bindTicketInvalid();
      if (expect.cubeAccountId !== undefined && person.cubeAccountId !== expect.cubeAccountId)
        throw bindTicketInvalid();
      if (t.userId !== userId) {
        const [s] = await tx
          .select({ createdAt: sessions.createdAt })
          .from(sessions)
          .where(eq(sessions.id, request.auth.sessionId))
          .limit(1);
        if (!s || now - s.createdAt.getTime() > FRESH_LOGIN_MS) throw unprocessable('为了账号安全，请重新登录后再绑定');
      }
      const [existing] = await tx
        .select()
        .from(externalIdentities)
        .where(and(eq(externalIdentities.provider, person.provider), eq(externalIdentities.subject, person.subject)))
        .limit(1);
      if (existing && existing.userId !== userId) throw alreadyBoundElsewhere(person.provider);
      if (existing) return itemOf(person.provider, existing);
      const [mine] = await tx
        .select({ id: externalIdentities.id })
        .from(externalIdentities)
        .where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.provider, person.provider)))
        .limit(1);
      if (mine) throw userHasProvider(person.provider);
      const [row] = await tx
        .insert(externalIdentities)
        .values({
          userId,
          provider: person.provider,
          subject: person.subject,
          displayName: person.profile.name,
          createdAt: new Date(now),
        })
        .returning();
      const user = await findUserById(tx, userId);
      if (user) await applyProviderClaims(tx, user, person, now);
      return itemOf(person.provider, row);
    });
    await app.forgetSessions(userId);
    await audit(app.db, request, { event: 'bind', result: 'success', userId, detail: { provider: item.provider } });
    return item;
  } catch (err) {
    const violated = uniqueViolation(err);
    const failure =
      violated === null
        ? err
        : violated.includes('user_provider')
          ? userHasProvider(provider ?? 'wechat')
          : alreadyBoundElsewhere(provider ?? 'wechat');
    const reason = failure instanceof AppError ? String(failure.code) : 'error';
    await audit(app.db, request, {
      event: 'bind',
      result: 'failure',
      userId,
      detail: { ...(provider ? { provider } : {}), reason },
    });
    throw failure;
  }
}

/** The 账号绑定 list: every provider, bound or not, and the other ways in. */
export async function listBindings(db: Db, userId: number): Promise<BindingsData> {
  const rows = await db.select().from(externalIdentities).where(eq(externalIdentities.userId, userId));
  const user = await findUserById(db, userId);
  return {
    items: EXTERNAL_PROVIDERS.map((p) =>
      itemOf(
        p,
        rows.find((r) => r.provider === p),
      ),
    ),
    hasPassword: !!user?.passwordHash,
    hasPhone: !!user?.phone,
  };
}

/**
 * Unbinds the user's identity of `provider`, refusing the last way to log in (no password, no
 * phone for SMS login, no other binding): 409 BIND.LAST_METHOD. The user row is locked so two
 * concurrent unbinds cannot both pass the check.
 */
export async function unbindProvider(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  provider: ExternalProvider,
): Promise<void> {
  try {
    await app.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ passwordHash: users.passwordHash, phone: users.phone })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
        .limit(1);
      if (!user) throw notFound('用户不存在');
      const rows = await tx.select().from(externalIdentities).where(eq(externalIdentities.userId, userId));
      const target = rows.find((r) => r.provider === provider);
      if (!target) throw notFound(`当前账号未绑定${label(provider)}`);
      if (!user.passwordHash && !user.phone && rows.length === 1)
        throw conflict(
          `${label(provider)}是当前账号唯一的登录方式，请先绑定手机号或其他登录方式后再解绑`,
          ErrorCode.BIND_LAST_METHOD,
        );
      await tx.delete(externalIdentities).where(eq(externalIdentities.id, target.id));
    });
  } catch (err) {
    await audit(app.db, request, {
      event: 'unbind',
      result: 'failure',
      userId,
      detail: { provider, reason: err instanceof AppError ? String(err.code) : 'error' },
    });
    throw err;
  }
  await audit(app.db, request, { event: 'unbind', result: 'success', userId, detail: { provider } });
}
