/**
 * Password hashing and policy (ADR 004).
 * - Hashing: argon2id with the OWASP Password Storage Cheat Sheet parameters (m=19 MiB, t=2, p=1).
 * - Policy for new passwords: 8-64 characters with letters and digits (LIMITS.password, checked by
 *   the contract schema), no spaces, not in the shipped common-password list, and not containing
 *   the account's phone number or equal to its user name (ASVS 2.1.7 / NIST SP 800-63B 5.1.1.2).
 */
import fs from 'node:fs';
import path from 'node:path';
import argon2 from 'argon2';
import { ErrorCode } from '@eav/contract';
import { serverRoot } from '../../lib/package-root';
import { unprocessable } from '../../lib/errors';

const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** argon2id PHC string of `password`. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** Whether `password` matches the PHC string; false for a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a fixed dummy hash and returns false: used when the account does not exist or
 * has no password, so that the answer takes as long as a real check (docs/accounts.md, Rules: brute force).
 */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-0');
  await verifyPassword(await dummyHash, password);
  return false;
}

let common: Set<string> | undefined;
/** The shipped common-password list (common-passwords.txt beside this module), lower case. */
export function commonPasswords(): Set<string> {
  if (!common) {
    const file = path.join(serverRoot(), 'src', 'features', 'accounts', 'common-passwords.txt');
    const text = fs.readFileSync(file, 'utf8');
    common = new Set(
      text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#')),
    );
  }
  return common;
}

/** True when the password, lower-cased or with its symbols removed, is a listed common password. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  return list.has(lower) || list.has(lower.replace(/[^a-z0-9]/g, ''));
}

/**
 * Server-side rules for a new password on top of the contract schema.
 * @throws AppError 422 AUTH.WEAK_PASSWORD with a Chinese reason.
 */
export function assertPasswordAcceptable(
  password: string,
  context: { phone?: string | null; userName?: string | null },
): void {
  if (isCommonPassword(password))
    throw unprocessable('该密码过于常见，容易被猜中，请换一个更复杂的密码', ErrorCode.AUTH_WEAK_PASSWORD);
  if (context.phone && password.includes(context.phone))
    throw unprocessable('密码不能包含手机号', ErrorCode.AUTH_WEAK_PASSWORD);
  if (context.userName && password.toLowerCase() === context.userName.toLowerCase())
    throw unprocessable('密码不能与用户名相同', ErrorCode.AUTH_WEAK_PASSWORD);
}
