/**
 * OAuth `state` (docs/identity.md, State): 32 random bytes (hex), single-use, 10 minutes, bound
 * to the browser by an HttpOnly SameSite=Lax cookie whose hash the state row keeps; it remembers
 * the scene, the client and the in-app path to return to. Only hashes are stored.
 */
import { randomBytes } from 'node:crypto';
import { OAUTH_STATE_TTL_SECONDS, type ExternalProvider } from '@eav/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { oauthStates } from '../../../db/schema';
import { newToken, sha256Hex } from '../../../lib/tokens';

/** Name of the browser-binding cookie. */
export const BROWSER_COOKIE = 'eav_oauth';
const STATE_TTL_MS = OAUTH_STATE_TTL_SECONDS * 1000;
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The browser-binding cookie's value, if the request carries a well-formed one. */
export function browserCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === BROWSER_COOKIE) {
      const value = rest.join('=');
      return COOKIE_VALUE.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The browser's binding value: the cookie it has, or a new one set on the reply (10 minutes). */
export function ensureBrowserCookie(request: FastifyRequest, reply: FastifyReply): string {
  const value = browserCookie(request) ?? newToken();
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${BROWSER_COOKIE}=${value}; Path=/; Max-Age=${OAUTH_STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  );
  return value;
}

export interface NewState {
  provider: ExternalProvider;
  scene: 'login' | 'bind';
  client: 'web' | 'h5';
  redirect: string;
  userId: number | null;
  codeVerifier?: string;
  nonce?: string;
}

/** Stores a new state bound to `browser` and answers it (64 hex characters). */
export async function createState(db: Db, browser: string, s: NewState, now: number): Promise<string> {
  const state = randomBytes(32).toString('hex');
  await db.insert(oauthStates).values({
    stateHash: sha256Hex(state),
    browserHash: sha256Hex(browser),
    provider: s.provider,
    scene: s.scene,
    client: s.client,
    redirect: s.redirect,
    userId: s.userId,
    codeVerifier: s.codeVerifier ?? null,
    nonce: s.nonce ?? null,
    expiresAt: new Date(now + STATE_TTL_MS),
    createdAt: new Date(now),
  });
  // Expired states are useless: sweep them now and then.
  if (Math.random() < 0.05)
    await db
      .delete(oauthStates)
      .where(sql`${oauthStates.expiresAt} < ${new Date(now - 3_600_000).toISOString()}::timestamptz`);
  return state;
}

/**
 * Uses a state up: only a live, unused state of `provider` whose browser cookie this request
 * carries; a forged, missing, replayed, expired or other-browser state answers undefined.
 */
export async function consumeState(
  db: Db,
  request: FastifyRequest,
  state: string,
  provider: ExternalProvider,
  now: number,
) {
  const browser = browserCookie(request);
  if (!browser || !/^[0-9a-f]{64}$/.test(state)) return undefined;
  const [row] = await db
    .update(oauthStates)
    .set({ consumedAt: new Date(now) })
    .where(
      and(
        eq(oauthStates.stateHash, sha256Hex(state)),
        eq(oauthStates.browserHash, sha256Hex(browser)),
        eq(oauthStates.provider, provider),
        isNull(oauthStates.consumedAt),
        gt(oauthStates.expiresAt, new Date(now)),
      ),
    )
    .returning();
  return row;
}

/** Reads a state without using it (the callback only needs to know which client to send back to). */
export async function peekState(db: Db, state: string) {
  if (!/^[0-9a-f]{64}$/.test(state)) return undefined;
  const [row] = await db
    .select({ client: oauthStates.client, redirect: oauthStates.redirect })
    .from(oauthStates)
    .where(eq(oauthStates.stateHash, sha256Hex(state)))
    .limit(1);
  return row;
}
