/**
 * Who may open a resource (docs/resources.md, Access): the reader's rule (docs/api.md, Reader) –
 * `public` anyone, `login` any logged-in user, `activation` users who own the resource's textbook –
 * read from the same tables; files themselves always need a login (a signed URL names its user).
 * Unpublished resources exist only for their uploader and operators. Refusals are 404s whose
 * Chinese message says what to do (docs/api.md: not-allowed objects answer 404, never 403).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode, ResourceMessages } from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userTextbooks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ADMIN_ROLE, type AuthUser } from '../../plugins/auth';

export const isAdmin = (user: AuthUser | null | undefined) => Boolean(user?.roles.includes(ADMIN_ROLE));

export interface AccessDecision {
  allowed: boolean;
  hint: string | null;
  need: 'login' | 'activation' | null;
}

interface Guarded {
  access: string;
  status: string;
  uploaderId: number | null;
  textbookId: number | null;
}

/** Whether `user` may see the resource at all (published, or their own upload, or an operator). */
export function visible(r: Guarded, user: AuthUser | null): boolean {
  return r.status === 'published' || isAdmin(user) || (user !== null && r.uploaderId === user.id);
}

async function owns(db: Db, userId: number, textbookId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userTextbooks.textbookId })
    .from(userTextbooks)
    .where(and(eq(userTextbooks.userId, userId), eq(userTextbooks.textbookId, textbookId)))
    .limit(1);
  return Boolean(row);
}

/** May `user` open or download the file now? Files always need a login. */
export async function decideAccess(db: Db, r: Guarded, user: AuthUser | null): Promise<AccessDecision> {
  if (!user) return { allowed: false, hint: ResourceMessages.needLogin, need: 'login' };
  if (isAdmin(user) || r.uploaderId === user.id || r.access !== 'activation')
    return { allowed: true, hint: null, need: null };
  if (r.textbookId !== null && (await owns(db, user.id, r.textbookId)))
    return { allowed: true, hint: null, need: null };
  return { allowed: false, hint: ResourceMessages.needActivation, need: 'activation' };
}

export function noAccess(d: AccessDecision): AppError {
  return new AppError(404, ErrorCode.RESOURCE_NO_ACCESS, d.hint ?? ResourceMessages.notFound, { need: d.need });
}

/** Lifetime of a signed resource URL, ms: short, but long enough for a reader's range reads. */
export const RESOURCE_URL_TTL_MS = 10 * 60 * 1000;

export type Disposition = 'attachment' | 'inline';

/** hex HMAC-SHA256(secret, `resource:{id}:{uid}:{exp}:{disposition}`). */
export function resourceSignature(secret: string, id: number, uid: number, exp: number, disposition: Disposition) {
  return createHmac('sha256', secret).update(`resource:${id}:${uid}:${exp}:${disposition}`).digest('hex');
}

/** Path and query of the signed file URL of resource `id` for user `uid`. */
export function signedResourceUrl(
  secret: string,
  id: number,
  ext: string,
  uid: number,
  disposition: Disposition,
  now: number,
): { url: string; exp: number } {
  const exp = now + RESOURCE_URL_TTL_MS;
  const d = disposition === 'attachment' ? 'a' : 'i';
  const sig = resourceSignature(secret, id, uid, exp, disposition);
  return { url: `/media/resources/${id}.${ext}?uid=${uid}&exp=${exp}&d=${d}&sig=${sig}`, exp };
}

/** The disposition of a valid signed query; null when missing, tampered, expired or too far ahead. */
export function verifyResourceQuery(
  secret: string,
  id: number,
  query: Record<string, string | undefined>,
  now: number,
): Disposition | null {
  const { uid, exp, d, sig } = query;
  if (!uid || !exp || !sig || !/^\d{1,10}$/.test(uid) || !/^\d{1,16}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig))
    return null;
  if (d !== 'a' && d !== 'i') return null;
  const e = Number(exp);
  if (e <= now || e > now + RESOURCE_URL_TTL_MS + 60_000) return null;
  const disposition: Disposition = d === 'a' ? 'attachment' : 'inline';
  const expected = Buffer.from(resourceSignature(secret, id, Number(uid), e, disposition), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex')) ? disposition : null;
}
