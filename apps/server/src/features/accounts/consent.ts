/**
 * Consent to the 《用户服务协议》/《隐私政策》 on the users row (docs/privacy.md): the answer shape
 * and the check of steps that need the current consent.
 */
import { birthYearRequired, consentRequired, ErrorCode, POLICY_VERSION, type ConsentData } from '@eav/contract';
import type { Db, Tx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { findUserById, type UserRow } from './service';

/** The consent answer for a user row. */
export function consentOf(u: UserRow): ConsentData {
  return {
    currentVersion: POLICY_VERSION,
    consentVersion: u.consentVersion,
    consentedAt: u.consentedAt ? u.consentedAt.toISOString() : null,
    consentRequired: consentRequired(u),
    birthYearRequired: birthYearRequired(u),
    guardianRequired: u.guardianRequired,
  };
}

/**
 * Refuses (400, Chinese message) a personal-data step such as binding a third-party account for a
 * user who has not accepted the current version; the web asks for it first (the consent dialog).
 */
export async function assertConsented(db: Db | Tx, userId: number): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || consentRequired(user))
    throw badRequest('请先阅读并同意最新版《用户服务协议》与《隐私政策》', ErrorCode.AUTH_CONSENT_REQUIRED);
}
