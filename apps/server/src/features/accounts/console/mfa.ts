/**
 * The console's second factor (docs/console.md, decision 014): TOTP after RFC 6238 (SHA-1, 6 digits,
 * 30 s step, one step either side accepted) with otplib, and 10 single-use recovery codes.
 * - The secret is stored encrypted (AES-256-GCM, key derived by HKDF from URL_SIGNING_SECRET) and
 *   is shown only until the enrolment is confirmed; it is never logged.
 * - A code's time step must be later than the last accepted one (`last_step`, advanced by a
 *   conditional UPDATE), so a code is accepted once even by parallel requests: a replay is refused.
 * - Recovery codes are 80-bit random values (`XXXX-XXXX-XXXX-XXXX`), stored as SHA-256, each
 *   spent by one conditional UPDATE.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { CONSOLE_RECOVERY_CODES, ErrorCode } from '@eav/contract';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../../db/client';
import { consoleMfa, consoleRecoveryCodes, sessions } from '../../../db/schema';
import { AppError, conflict } from '../../../lib/errors';
import { randomString, sha256Hex } from '../../../lib/tokens';

/** TOTP time step, seconds (RFC 6238 default). */
export const TOTP_STEP_S = 30;
/** Issuer shown in authenticator apps. */
export const TOTP_ISSUER = '浙江数字教材运营后台';
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const mfaInvalid = () => new AppError(422, ErrorCode.CONSOLE_MFA_INVALID, '验证码错误、已过期或已使用');

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'eav-console-mfa', 'totp-secret-v1', 32));
}

/** Encrypts a TOTP secret: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function sealSecret(plain: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join(
    '.',
  );
}

/** Decrypts what `sealSecret` wrote. @throws when the key or the text is wrong. */
export function openSecret(sealed: string, serverSecret: string): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !ct) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** Normalises a typed recovery code (case, dashes, spaces) before hashing. */
export const recoveryHash = (code: string) => sha256Hex(code.toUpperCase().replace(/[^A-Z0-9]/g, ''));

function newRecoveryCode(): string {
  const raw = randomString(RECOVERY_ALPHABET, 16);
  return raw.match(/.{4}/g)!.join('-');
}

export interface MfaService {
  state(userId: number, sessionMfaAt: number | null): Promise<{ enrolled: boolean; verified: boolean; left: number }>;
  enrol(userId: number, label: string): Promise<{ secret: string; otpauthUri: string; qrDataUrl: string }>;
  confirm(userId: number, sessionId: number, code: string, now: number): Promise<string[]>;
  verifyCode(userId: number, sessionId: number, code: string, now: number): Promise<void>;
  verifyRecovery(userId: number, sessionId: number, code: string, now: number): Promise<number>;
}

/** The second-factor service over the database; `serverSecret` keys the secrets' encryption. */
export function createMfaService(db: Db, serverSecret: string): MfaService {
  async function row(userId: number) {
    const [r] = await db.select().from(consoleMfa).where(eq(consoleMfa.userId, userId));
    return r;
  }

  /** Accepts `code` once: the step must pass the window check and be later than the last one. */
  async function acceptCode(userId: number, sealed: string, lastStep: number | null, code: string, now: number) {
    const secret = openSecret(sealed, serverSecret);
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now / 1000),
      period: TOTP_STEP_S,
      epochTolerance: TOTP_STEP_S,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    }).catch(() => ({ valid: false as const }));
    if (!result.valid || !('timeStep' in result)) throw mfaInvalid();
    const step = result.timeStep;
    const [won] = await db
      .update(consoleMfa)
      .set({ lastStep: step })
      .where(and(eq(consoleMfa.userId, userId), or(isNull(consoleMfa.lastStep), lt(consoleMfa.lastStep, step))))
      .returning({ userId: consoleMfa.userId });
    if (!won) throw mfaInvalid();
  }

  const markSession = (sessionId: number, now: number) =>
    db
      .update(sessions)
      .set({ mfaAt: new Date(now) })
      .where(eq(sessions.id, sessionId));

  return {
    async state(userId, sessionMfaAt) {
      const r = await row(userId);
      const enrolled = !!r?.confirmedAt;
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(consoleRecoveryCodes)
        .where(and(eq(consoleRecoveryCodes.userId, userId), isNull(consoleRecoveryCodes.usedAt)));
      return { enrolled, verified: enrolled && sessionMfaAt !== null, left: n };
    },

    async enrol(userId, label) {
      const r = await row(userId);
      if (r?.confirmedAt) throw conflict('已绑定动态验证码，请直接输入验证码');
      // A new secret each time until confirmed: an abandoned QR code is worth nothing.
      const secret = generateSecret();
      const sealed = sealSecret(secret, serverSecret);
      await db
        .insert(consoleMfa)
        .values({ userId, secretEnc: sealed })
        .onConflictDoUpdate({ target: consoleMfa.userId, set: { secretEnc: sealed, lastStep: null } });
      const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label, secret, period: TOTP_STEP_S });
      const qrDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 220 });
      return { secret, otpauthUri, qrDataUrl };
    },

    async confirm(userId, sessionId, code, now) {
      const r = await row(userId);
      if (!r) throw conflict('请先获取绑定二维码');
      if (r.confirmedAt) throw conflict('已绑定动态验证码，请直接输入验证码');
      await acceptCode(userId, r.secretEnc, r.lastStep, code, now);
      const codes = Array.from({ length: CONSOLE_RECOVERY_CODES }, newRecoveryCode);
      await db.transaction(async (tx) => {
        await tx
          .update(consoleMfa)
          .set({ confirmedAt: new Date(now) })
          .where(eq(consoleMfa.userId, userId));
        await tx.delete(consoleRecoveryCodes).where(eq(consoleRecoveryCodes.userId, userId));
        await tx.insert(consoleRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryHash(c) })));
        await tx
          .update(sessions)
          .set({ mfaAt: new Date(now) })
          .where(eq(sessions.id, sessionId));
      });
      return codes;
    },

    async verifyCode(userId, sessionId, code, now) {
      const r = await row(userId);
      if (!r?.confirmedAt) throw conflict('请先绑定动态验证码');
      await acceptCode(userId, r.secretEnc, r.lastStep, code, now);
      await markSession(sessionId, now);
    },

    async verifyRecovery(userId, sessionId, code, now) {
      const r = await row(userId);
      if (!r?.confirmedAt) throw conflict('请先绑定动态验证码');
      const [spent] = await db
        .update(consoleRecoveryCodes)
        .set({ usedAt: new Date(now) })
        .where(
          and(
            eq(consoleRecoveryCodes.userId, userId),
            eq(consoleRecoveryCodes.codeHash, recoveryHash(code)),
            isNull(consoleRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: consoleRecoveryCodes.id });
      if (!spent) throw mfaInvalid();
      await markSession(sessionId, now);
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(consoleRecoveryCodes)
        .where(and(eq(consoleRecoveryCodes.userId, userId), isNull(consoleRecoveryCodes.usedAt)));
      return n;
    },
  };
}
