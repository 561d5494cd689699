/**
 * Who may read a textbook or play a video (docs/api.md, Reader): `public` anyone, `login` any
 * logged-in user, `activation` users who own the book (activated with a code or given it).
 * Administrators read everything. A refusal is a 404 whose Chinese message says how to get
 * access (docs/api.md: not-allowed objects answer 404, never 403).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode, TextbookMessages, type TextbookAccess, type Video, type WatchableVideo } from '@eav/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userTextbooks } from '../../db/schema';
import { ADMIN_ROLE, type AuthUser } from '../../plugins/auth';
import { AppError } from '../../lib/errors';

export const isAdmin = (user: AuthUser | null | undefined) => Boolean(user?.roles.includes(ADMIN_ROLE));

export async function ownsTextbook(db: Db, userId: number, textbookId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userTextbooks.textbookId })
    .from(userTextbooks)
    .where(and(eq(userTextbooks.userId, userId), eq(userTextbooks.textbookId, textbookId)));
  return Boolean(row);
}

export interface AccessDecision {
  allowed: boolean;
  /** Why not, in Chinese, when not allowed. */
  hint: string | null;
  /** What is missing: 'login' or 'activation'. */
  need: 'login' | 'activation' | null;
}

/** Decides access from the book's level, the user (or null) and ownership. */
export function decideAccess(
  access: TextbookAccess | string,
  user: AuthUser | null,
  owned: boolean,
  kind: 'book' | 'video' = 'book',
): AccessDecision {
  if (access === 'public' || isAdmin(user)) return { allowed: true, hint: null, need: null };
  if (access === 'login') {
    return user
      ? { allowed: true, hint: null, need: null }
      : {
          allowed: false,
          hint: kind === 'book' ? TextbookMessages.needLogin : TextbookMessages.videoNeedLogin,
          need: 'login',
        };
  }
  if (user && owned) return { allowed: true, hint: null, need: null };
  if (kind === 'video')
    return {
      allowed: false,
      hint: user ? TextbookMessages.videoNeedActivation : TextbookMessages.videoNeedLogin,
      need: user ? 'activation' : 'login',
    };
  return {
    allowed: false,
    hint: user ? TextbookMessages.needActivation : TextbookMessages.needLoginAndActivation,
    need: user ? 'activation' : 'login',
  };
}

/** A lesson with whether `user` (null: a visitor) may play it, given whether they own its book. */
export function watchable(v: Video, user: AuthUser | null, owned: boolean): WatchableVideo {
  return { ...v, canWatch: decideAccess(v.access, user, owned, 'video').allowed };
}

/** Lessons of any books with the current user's access to each (one ownership query). */
export async function watchableVideos(db: Db, user: AuthUser | null, list: Video[]): Promise<WatchableVideo[]> {
  const bookIds = [...new Set(list.filter((v) => v.access === 'activation').map((v) => v.textbookId))];
  const owned = new Set<number>();
  if (user && bookIds.length) {
    const rows = await db
      .select({ id: userTextbooks.textbookId })
      .from(userTextbooks)
      .where(and(eq(userTextbooks.userId, user.id), inArray(userTextbooks.textbookId, bookIds)));
    for (const r of rows) owned.add(r.id);
  }
  return list.map((v) => watchable(v, user, owned.has(v.textbookId)));
}

/** The 404 of a refused read, carrying what is needed so the page can offer login or activation. */
export function noAccess(decision: AccessDecision): AppError {
  return new AppError(404, ErrorCode.TEXTBOOK_NO_ACCESS, decision.hint ?? TextbookMessages.notFound, {
    need: decision.need,
  });
}

/** Lifetime of a signed media URL, ms. Long enough for pdf.js range reads of one session. */
export const MEDIA_URL_TTL_MS = 30 * 60 * 1000;

/**
 * Signature of a media URL: hex HMAC-SHA256(server secret, `${resource}:${id}:${uid}:${exp}`),
 * where resource is 'textbook' or 'video', uid the user id (0 for visitors), exp ms since epoch.
 */
export function mediaSignature(
  secret: string,
  resource: 'textbook' | 'video',
  id: number,
  uid: number,
  exp: number,
): string {
  return createHmac('sha256', secret).update(`${resource}:${id}:${uid}:${exp}`).digest('hex');
}

/** Query string `uid=&exp=&sig=` of a signed media URL. */
export function signedQuery(
  secret: string,
  resource: 'textbook' | 'video',
  id: number,
  uid: number,
  now: number,
): { query: string; exp: number } {
  const exp = now + MEDIA_URL_TTL_MS;
  return { query: `uid=${uid}&exp=${exp}&sig=${mediaSignature(secret, resource, id, uid, exp)}`, exp };
}

/** Checks a signed media URL's query; false when missing, tampered, expired or too far ahead. */
export function verifySignedQuery(
  secret: string,
  resource: 'textbook' | 'video',
  id: number,
  query: { uid?: string; exp?: string; sig?: string },
  now: number,
): boolean {
  const { uid, exp, sig } = query;
  if (!uid || !exp || !sig || !/^\d{1,12}$/.test(uid) || !/^\d{1,16}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig))
    return false;
  const e = Number(exp);
  if (e <= now || e > now + MEDIA_URL_TTL_MS + 60_000) return false;
  const expected = Buffer.from(mediaSignature(secret, resource, id, Number(uid), e), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
}
