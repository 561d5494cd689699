/**
 * What the chat's route files share: plugin options, the service-hours rule with its test override,
 * who the caller is (a logged-in user or a visitor token), the send rate limit, and the check that a
 * session behind a WebSocket ticket is still live.
 */
import { isServiceOpen, LIMITS, Messages } from '@eav/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { sessions, users } from '../../db/schema';
import { tooMany } from '../../lib/errors';
import { sha256Hex } from '../../lib/tokens';
import type { ChatHub } from './hub';
import type { ChatOwner } from './service';

/** Roles that answer in the chat desk. */
export const AGENT_ROLES = ['admin', 'support'] as const;

/** Header carrying the visitor token of a browser that is not logged in. */
export const VISITOR_HEADER = 'x-chat-visitor';

export interface ChatOptions {
  config: AppConfig;
  /** Key prefix of the deployment (the bus channel is `${prefix}chat`). */
  kvPrefix: string;
}

/** What the route files get from the plugin. */
export interface ChatContext {
  hub: ChatHub;
  config: AppConfig;
  /** Whether agents are on duty at the business time (CHAT_SERVICE_HOURS may force it outside production). */
  serviceOpen(): boolean;
}

/** Service hours at `now`, or the configured override (`open`/`closed`; refused in production by config). */
export function serviceOpenAt(config: AppConfig, now: number): boolean {
  if (config.chatServiceHours === 'open') return true;
  if (config.chatServiceHours === 'closed') return false;
  return isServiceOpen(new Date(now));
}

/** A visitor token as issued (43 base64url characters), or undefined. */
export function visitorToken(request: FastifyRequest): string | undefined {
  const v = request.headers[VISITOR_HEADER];
  return typeof v === 'string' && /^[\w-]{43}$/.test(v) ? v : undefined;
}

/**
 * The caller as a conversation owner: the logged-in user (a bad bearer token answers 401 as
 * everywhere), else the visitor token's hash, else null.
 */
export async function callerOwner(request: FastifyRequest): Promise<ChatOwner | null> {
  const auth = await request.getAuth();
  if (auth) return { kind: 'user', userId: auth.user.id };
  const token = visitorToken(request);
  return token ? { kind: 'visitor', visitorHash: sha256Hex(token) } : null;
}

/**
 * Counts a send of `who` in the current window; 429 with `chatTooFrequent` past `max`.
 * Shared across instances through the key-value store.
 */
export async function assertSendRate(app: FastifyInstance, who: string, max: number): Promise<void> {
  const n = await app.kv.incr(`chat:send:${who}`, LIMITS.chat.sendWindowSeconds * 1000);
  if (n > max) throw tooMany(Messages.chatTooFrequent);
}

/** The user of a live session by token hash (not revoked, not expired, account active), or null. */
export async function liveSessionUser(
  app: FastifyInstance,
  sessionHash: string,
): Promise<{ id: number; roles: string[] } | null> {
  const [row] = await app.db
    .select({ id: users.id, roles: users.roles })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sessionHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(app.clock())),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  return row ?? null;
}
