/**
 * Bearer-token authentication (issue 3; contract section 1).
 * - `request.getAuth()`: the session's user or null (memoised per request).
 * - `app.requireAuth`: preHandler answering 401 when not logged in.
 * Unknown, revoked or expired tokens are 401; a disabled or cancelled account is 403 (also for a
 * token the cancellation revoked, so that the old token of a cancelled account answers 403).
 * Expiry slides: each use (at most once a minute) pushes it to now + 7 days.
 */
import { ErrorCode, Messages } from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema';
import { AppError, unauthorized } from '../lib/errors';
import { sha256Hex } from '../lib/tokens';
import { bearerToken } from './sign';

/** Session lifetime after last use, ms (issue 3: sliding 7-day expiry). */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
const SLIDE_EVERY_MS = 60_000;

export interface AuthUser {
  id: number;
  userName: string;
  phone: string | null;
  roles: string[];
  status: string;
}
export interface Auth {
  user: AuthUser;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    getAuth(): Promise<Auth | null>;
    /** Set by `requireAuth`; use only in handlers behind it. */
    auth: Auth;
  }
  interface FastifyInstance {
    requireAuth(request: FastifyRequest): Promise<void>;
  }
}

const memo = new WeakMap<FastifyRequest, Promise<Auth | null>>();

export default fp(
  async function auth(app: FastifyInstance) {
    async function resolve(request: FastifyRequest): Promise<Auth | null> {
      const token = bearerToken(request);
      if (!token) return null;
      const [row] = await app.db
        .select({
          sessionId: sessions.id,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          lastSeenAt: sessions.lastSeenAt,
          id: users.id,
          userName: users.userName,
          phone: users.phone,
          roles: users.roles,
          status: users.status,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, sha256Hex(token)))
        .limit(1);
      const now = app.clock();
      if (!row || row.expiresAt.getTime() <= now) throw unauthorized();
      if (row.status === 'cancelled')
        throw new AppError(403, ErrorCode.AUTH_ACCOUNT_CANCELLED, Messages.accountCancelled);
      if (row.revokedAt) throw unauthorized();
      if (row.status === 'disabled') throw new AppError(403, ErrorCode.AUTH_ACCOUNT_DISABLED, Messages.accountDisabled);
      if (now - row.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
        await app.db
          .update(sessions)
          .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) })
          .where(eq(sessions.id, row.sessionId));
      }
      return {
        sessionId: row.sessionId,
        user: { id: row.id, userName: row.userName, phone: row.phone, roles: row.roles, status: row.status },
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
    app.decorate('requireAuth', async (request: FastifyRequest) => {
      const a = await request.getAuth();
      if (!a) throw new AppError(401, 401, Messages.authRequired);
      request.auth = a;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
