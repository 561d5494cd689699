/**
 * Bearer-token authentication and the role gate (docs/api.md).
 * - `request.getAuth()`: the session's user or null (memoised per request).
 * - `app.requireAuth`: hook answering 401 when not logged in (usable as `onRequest`, so that an
 *   anonymous request is refused before its body is read).
 * - Role gate: a route declares `config: { roles: [...] }`. Every path under `/api/v1/admin/` (the
 *   operator console, docs/console.md) needs one of the console roles (`CONSOLE_ROLES`) and then one
 *   of the route's declared roles, where `admin` passes every console gate and an admin route that
 *   declares nothing is `admin` only (fail closed, unknown admin paths included). A global
 *   `onRequest` hook, before the body is read, answers 401 when not logged in and, without one of
 *   the roles, the 404 of an unknown path. After it `request.auth` is set. Feature code writes no
 *   role checks of its own.
 * - Second factor (docs/console.md, decision 014): with `consoleMfa` on, an admin path also needs a
 *   session that passed the console's TOTP step (`sessions.mfa_at`), else 428 CONSOLE.MFA_REQUIRED.
 *   A session that passed it ends after CONSOLE_IDLE_MS without use (revoked, then 401).
 * - Browse-only pupils (docs/privacy.md, Guardians; PIPL art. 31): a session of an account flagged
 *   `guardian_required` (a pupil under 14 awaiting a guardian's consent) may read but not write. A
 *   global `onRequest` hook, before the body is read, answers every POST, PUT, PATCH and DELETE it
 *   carries with 403 AUTH.GUARDIAN_REQUIRED, except the anonymous account calls under
 *   `/api/v{n}/pub/` (log in as someone else, cancel the account, the guardian's own page) and
 *   routes that declare `config: { guardianExempt: true }` (log out, consent, the guardian step).
 *   This is the one place of the rule: features write no such check.
 * Unknown, revoked or expired tokens are 401; a disabled or cancelled account is 403 (also for a
 * token the cancellation revoked, so that the old token of a cancelled account answers 403).
 * Expiry slides: each use (at most once a minute) pushes it to now + 7 days.
 *
 * Sessions are remembered in process (token hash → session and user) for at most SESSION_CACHE_MS,
 * so that a request of a logged-in user costs no database round trip (decision 011). Every change
 * that ends a session or changes what is remembered (logout, password change or reset, disabling,
 * cancellation, roles, profile) calls `app.forgetSessions(userId)`, which drops the user's entries
 * here at once and in the other instances through the invalidation bus; the time bound covers a
 * change made outside the server (a console, a script). While the bus is not live (Redis cut off,
 * so a logout on another instance would not be heard) every request reads its session from the
 * database, and the remembered sessions are dropped whenever the bus goes down or comes back.
 * Left: an instance that cannot publish (Redis cut off from it alone) is not heard by the others,
 * which keep a session it revoked for at most SESSION_CACHE_MS (docs/operations.md, Redis outage).
 */
import { canonicalPath, CONSOLE_IDLE_MS, CONSOLE_ROLES, ErrorCode, Messages } from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { cancelledTokens, sessions, users } from '../db/schema';
import { AppError, unauthorized } from '../lib/errors';
import { sha256Hex } from '../lib/tokens';
import { requestTarget } from './request-target';
import { bearerToken, closeIfBodyPending } from './sign';

/** Session lifetime after last use, ms (sliding 7-day expiry, docs/api.md). */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
const SLIDE_EVERY_MS = 60_000;
/**
 * Longest a remembered session is used without reading the database again, ms. Longer than the
 * reader's 30 s heartbeat (docs/prize.md), so that a reading pupil's requests find their session
 * remembered; changes made through the server end it at once on every instance (the bus), and this
 * bound is only for changes made behind the server's back (decision 011).
 */
export const SESSION_CACHE_MS = 60_000;
/** Most sessions remembered (~400 bytes each). */
export const SESSION_CACHE_MAX = 20_000;
/** Bus topic of forgotten sessions; the data is a user id. */
export const SESSION_TOPIC = 'sessions';

export interface AuthUser {
  id: number;
  userName: string;
  phone: string | null;
  roles: string[];
  status: string;
  /** A pupil under 14 awaiting a guardian's consent: browse only. */
  guardianRequired: boolean;
}
export interface Auth {
  user: AuthUser;
  sessionId: number;
  /** When the session passed the console's second factor (ms), or null. */
  mfaAt: number | null;
}

export interface AuthOptions {
  /** Admin paths need a TOTP-verified session (CONSOLE_MFA; tests of other features turn it off). */
  consoleMfa?: boolean;
}

/** The console's super administrator: passes every console gate, alone manages roles. */
export const ADMIN_ROLE = 'admin';
/** Operator endpoints; gated even when a route forgets to declare its roles. */
export const ADMIN_PREFIX = '/api/v1/admin/';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The user needs at least one of these roles; checked before the body is read. */
    roles?: readonly string[];
    /** A write a browse-only pupil may still make (log out, consent, the guardian step). */
    guardianExempt?: boolean;
  }
  interface FastifyRequest {
    getAuth(): Promise<Auth | null>;
    /** Set by `requireAuth` and the role gate; use only in handlers behind one of them. */
    auth: Auth;
  }
  interface FastifyInstance {
    /**
     * Hook answering 401 without a session (403 for a disabled or cancelled account); on a refusal
     * of a request with a body it closes the connection after the answer.
     */
    requireAuth(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * Forgets the remembered sessions of a user, in this process and the other instances: call
     * after a write that revokes a session or changes the user's status, roles or profile commits.
     */
    forgetSessions(userId: number): Promise<void>;
    /** Every console route registered (method, URL pattern, declared roles): the gate's table, for tests and docs. */
    consoleRoutes: ConsoleRoute[];
  }
}

/** Methods that write: a browse-only pupil's session is refused them. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The anonymous account calls (login, register, reset, cancel, the guardian's page). */
const PUB_PATH = /^\/api\/v\d+\/pub\//;

/** A registered route under `/api/v1/admin/`. */
export interface ConsoleRoute {
  method: string;
  url: string;
  /** The declared roles (`admin` always passes too); empty: `admin` only. */
  roles: readonly string[];
}

const memo = new WeakMap<FastifyRequest, Promise<Auth | null>>();

/** A session with its user, as read from the database. */
interface SessionRow {
  sessionId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  lastSeenAt: Date;
  mfaAt: Date | null;
  id: number;
  userName: string;
  phone: string | null;
  roles: string[];
  status: string;
  guardianRequired: boolean;
}
interface Remembered {
  row: SessionRow;
  /** Business-clock time it was read (ms). */
  at: number;
}

/** True for a console path, judged on the canonical path (also for unknown paths) and the route's pattern. */
export function isAdminPath(request: FastifyRequest): boolean {
  const target = requestTarget(request);
  return (
    target.path.startsWith(ADMIN_PREFIX) ||
    (target.canonicalPattern !== undefined && target.canonicalPattern.startsWith(ADMIN_PREFIX))
  );
}

/**
 * Role sets a request must satisfy (one role of each set), from the matched route's `config.roles`
 * and from the admin prefix, so that no spelling of an admin path escapes the gate. On an admin
 * path: a console role, then the declared roles plus `admin` (undeclared: `admin` only).
 */
export function requiredRoles(request: FastifyRequest): (readonly string[])[] {
  const declared = requestTarget(request).config?.roles;
  if (!isAdminPath(request)) return declared ? [declared] : [];
  return [CONSOLE_ROLES, declared ? [...declared, ADMIN_ROLE] : [ADMIN_ROLE]];
}

export default fp<AuthOptions>(
  async function auth(app: FastifyInstance, options: AuthOptions) {
    const consoleMfa = options.consoleMfa ?? true;
    const consoleRoutes: ConsoleRoute[] = [];
    app.decorate('consoleRoutes', consoleRoutes);
    app.addHook('onRoute', (route) => {
      if (!canonicalPath(route.url).startsWith(ADMIN_PREFIX)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods)
        if (method !== 'HEAD') consoleRoutes.push({ method, url: route.url, roles: route.config?.roles ?? [] });
    });
    /** Remembered session rows by token hash, and the token hashes of each user. */
    const remembered = new LRUCache<string, Remembered>({
      max: SESSION_CACHE_MAX,
      ttl: SESSION_CACHE_MS,
      dispose: (value, key) => {
        const set = hashesOf.get(value.row.id);
        set?.delete(key);
        if (set?.size === 0) hashesOf.delete(value.row.id);
      },
    });
    const hashesOf = new Map<number, Set<string>>();
    /** Bumped on every forget, so that a lookup that began before it is not remembered. */
    let epoch = 0;

    function forgetLocal(userId: number) {
      epoch++;
      for (const hash of [...(hashesOf.get(userId) ?? [])]) remembered.delete(hash);
    }
    // Messages missed while the bus was down are lost: start again from the database on both edges.
    app.invalidation.onLiveness(() => {
      epoch++;
      remembered.clear();
    });
    app.invalidation.on(SESSION_TOPIC, (data) => {
      const id = Number(data);
      if (Number.isInteger(id)) forgetLocal(id);
    });
    app.decorate('forgetSessions', async (userId: number) => {
      forgetLocal(userId);
      await app.invalidation.publish(SESSION_TOPIC, String(userId));
    });

    async function lookup(hash: string): Promise<SessionRow | undefined> {
      const [row] = await app.db
        .select({
          sessionId: sessions.id,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          lastSeenAt: sessions.lastSeenAt,
          mfaAt: sessions.mfaAt,
          id: users.id,
          userName: users.userName,
          phone: users.phone,
          roles: users.roles,
          status: users.status,
          guardianRequired: users.guardianRequired,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, hash))
        .limit(1);
      return row;
    }

    async function resolve(request: FastifyRequest): Promise<Auth | null> {
      const token = bearerToken(request);
      if (!token) return null;
      const hash = sha256Hex(token);
      const now = app.clock();
      // Without a live bus a revocation elsewhere may go unheard: the database decides every time.
      const trusted = app.invalidation.live;
      let entry = trusted ? remembered.get(hash) : undefined;
      // The business clock bounds the entry too (tests move it by days).
      if (entry && (now < entry.at || now - entry.at >= SESSION_CACHE_MS)) entry = undefined;
      let row = entry?.row;
      if (!row) {
        const started = epoch;
        row = await lookup(hash);
        // Only live sessions are remembered: every refusal reads the database again.
        if (trusted && row && started === epoch && !row.revokedAt && row.status === 'active') {
          remembered.set(hash, { row, at: now });
          let set = hashesOf.get(row.id);
          if (!set) hashesOf.set(row.id, (set = new Set()));
          set.add(hash);
        }
      }
      if (!row) {
        // The sessions of a cancelled account are erased; its live tokens are remembered by hash.
        const [gone] = await app.db
          .select({ expiresAt: cancelledTokens.expiresAt })
          .from(cancelledTokens)
          .where(eq(cancelledTokens.tokenHash, hash))
          .limit(1);
        if (gone && gone.expiresAt.getTime() > now)
          throw new AppError(403, ErrorCode.AUTH_ACCOUNT_CANCELLED, Messages.accountCancelled);
        throw unauthorized();
      }
      if (row.expiresAt.getTime() <= now) throw unauthorized();
      if (row.status === 'cancelled')
        throw new AppError(403, ErrorCode.AUTH_ACCOUNT_CANCELLED, Messages.accountCancelled);
      if (row.revokedAt) throw unauthorized();
      if (row.status === 'disabled') throw new AppError(403, ErrorCode.AUTH_ACCOUNT_DISABLED, Messages.accountDisabled);
      // A session with console access ends after CONSOLE_IDLE_MS unused (last use slides once a minute).
      if (row.mfaAt && now - row.lastSeenAt.getTime() > CONSOLE_IDLE_MS) {
        await app.db
          .update(sessions)
          .set({ revokedAt: new Date(now) })
          .where(eq(sessions.id, row.sessionId));
        await app.forgetSessions(row.id);
        throw unauthorized();
      }
      if (now - row.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
        const seen = new Date(now);
        const expires = new Date(now + SESSION_TTL_MS);
        // The remembered row slides with the database, so the next minute's uses write nothing.
        row.lastSeenAt = seen;
        row.expiresAt = expires;
        await app.db
          .update(sessions)
          .set({ lastSeenAt: seen, expiresAt: expires })
          .where(eq(sessions.id, row.sessionId));
      }
      return {
        sessionId: row.sessionId,
        mfaAt: row.mfaAt ? row.mfaAt.getTime() : null,
        user: {
          id: row.id,
          userName: row.userName,
          phone: row.phone,
          roles: row.roles,
          status: row.status,
          guardianRequired: row.guardianRequired,
        },
      };
    }

    app.decorateRequest('getAuth', function (this: FastifyRequest) {
      let p = memo.get(this);
      if (!p) {
        p = resolve(this);
        memo.set(this, p);
      }
      return p;
    });
    app.decorateRequest('auth', null as unknown as Auth);
    app.decorate('requireAuth', async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      try {
        const a = await request.getAuth();
        if (!a) throw new AppError(401, 401, Messages.authRequired);
        request.auth = a;
      } catch (err) {
        // As an `onRequest` hook (uploads) the body is still on its way: the answer closes the
        // connection, so that an anonymous client cannot make the server read it to the end.
        closeIfBodyPending(request, reply);
        throw err;
      }
    });

    // The browse-only gate of pupils awaiting a guardian's consent, before the body is read.
    app.addHook('onRequest', (request, reply, done) => {
      if (!WRITE_METHODS.has(request.method) || !bearerToken(request)) return done();
      const target = requestTarget(request);
      if (target.config?.guardianExempt || PUB_PATH.test(target.path)) return done();
      browseOnlyGate(request, reply).then(() => done(), done);
    });
    async function browseOnlyGate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      // A bad token is the route's own answer (401, or none for a route that reads no session).
      const a = await request.getAuth().catch(() => null);
      if (!a?.user.guardianRequired) return;
      closeIfBodyPending(request, reply);
      throw new AppError(403, ErrorCode.AUTH_GUARDIAN_REQUIRED, Messages.guardianRequired);
    }

    // The role gate. onRequest runs before the body is read, so a refused request costs no upload.
    app.addHook('onRequest', (request, reply, done) => {
      const sets = requiredRoles(request);
      // Most requests declare no role: answer without a promise (see app.ts on callback hooks).
      if (sets.length === 0) return done();
      gate(request, reply, sets).then(() => done(), done);
    });
    async function gate(request: FastifyRequest, reply: FastifyReply, sets: (readonly string[])[]): Promise<void> {
      try {
        const a = await request.getAuth();
        if (!a) throw new AppError(401, 401, Messages.authRequired);
        // Same answer as an unknown path: a user without the role learns nothing of the route.
        if (!sets.every((roles) => roles.some((r) => a.user.roles.includes(r))))
          throw new AppError(404, 404, Messages.notFoundRequest);
        if (consoleMfa && a.mfaAt === null && isAdminPath(request))
          throw new AppError(428, ErrorCode.CONSOLE_MFA_REQUIRED, '请先完成动态验证码验证');
        request.auth = a;
      } catch (err) {
        closeIfBodyPending(request, reply);
        throw err;
      }
    }
  },
  { name: 'auth', dependencies: ['db', 'read-cache', 'request-target'] },
);
