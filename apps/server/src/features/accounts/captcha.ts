/**
 * Image captchas: a 4-character answer drawn with a CSPRNG, rendered by svg-captcha and
 * rasterised to PNG by sharp (no SVG reaches the browser), stored as SHA-256 of the lower-cased
 * answer under the client's key, valid 5 minutes, single-use (any check consumes it),
 * case-insensitive. CAPTCHA_FIXED_CODE makes every answer that value (automated tests only).
 */
import { LIMITS } from '@eav/contract';
import { and, eq, gt, lt } from 'drizzle-orm';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';
import { randomString, sha256Hex } from '../../lib/tokens';

// Without look-alike characters (0/O/o, 1/I/l) so a person can read every answer.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz';
const render = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;

const hashAnswer = (key: string, answer: string) => sha256Hex(`${key}:${answer.toLowerCase()}`);

/** Creates (or replaces) the captcha of `key` and answers its PNG image. */
export async function createCaptcha(db: Db, key: string, now: number, fixedCode: string | undefined): Promise<Buffer> {
  const text = fixedCode ?? randomString(ALPHABET, LIMITS.captchaCode.length);
  const svg = render(text, { width: 120, height: 40, fontSize: 44, noise: 3, color: true, background: '#f2f5fa' });
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const expiresAt = new Date(now + LIMITS.captchaTtlSeconds * 1000);
  await db
    .insert(captchas)
    .values({ key, answerHash: hashAnswer(key, text), expiresAt, createdAt: new Date(now) })
    .onConflictDoUpdate({
      target: captchas.key,
      set: { answerHash: hashAnswer(key, text), expiresAt, createdAt: new Date(now) },
    });
  // Housekeeping: expired captchas are useless; a cheap indexed delete keeps the table small.
  if (Math.random() < 0.05) await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now)));
  return png;
}

/**
 * Consumes the captcha of `key` and tells whether `answer` was right and in time. The delete is
 * one statement, so of concurrent checks only one can see the row.
 */
export async function consumeCaptcha(db: Db, key: string, answer: string, now: number): Promise<boolean> {
  const rows = await db
    .delete(captchas)
    .where(and(eq(captchas.key, key), gt(captchas.expiresAt, new Date(now))))
    .returning({ answerHash: captchas.answerHash });
  const row = rows[0];
  return !!row && row.answerHash === hashAnswer(key, answer.trim());
}
