/**
 * Consent to the 《用户服务协议》 and 《隐私政策》 (PIPL art. 13, 14; docs/privacy.md). One version
 * names both documents: the server refuses a registration or binding without consent to it, and a
 * logged-in user whose recorded consent is older is asked again. Change it together with the text. Free of zod (H5 pages without forms
 * link the documents); the request shapes are in schemas/consent.ts.
 */

/** The current version of both documents (the date their text last changed). */
export const POLICY_VERSION = '2026-11-29';
/** Date shown on the documents as 生效日期. */
export const POLICY_EFFECTIVE_DATE = '2026年11月29日';

/** Titles as the pages and every link name them. */
export const POLICY_TITLES = { terms: '用户服务协议', privacy: '隐私政策' } as const;

export const ConsentMessages = {
  missing: '请阅读并勾选同意《用户服务协议》与《隐私政策》',
  outdated: '《用户服务协议》与《隐私政策》已更新，请刷新页面后重新阅读并同意',
} as const;

/** The account facts the consent rule reads. */
export interface ConsentFacts {
  consentVersion: string | null;
  identity: string | null;
  birthYear: number | null;
}

/**
 * True for a student account without a birth year: one from before registration asked for it. The
 * consent step asks for the year, so that a pupil under 14 comes under the guardian rule
 * (docs/privacy.md, Guardians).
 */
export function birthYearRequired(u: ConsentFacts): boolean {
  return u.identity === 'student' && u.birthYear === null;
}

/**
 * True when the consent step is due: the recorded consent (or none) is not to the current version,
 * or a student account still lacks its birth year.
 */
export function consentRequired(u: ConsentFacts): boolean {
  return u.consentVersion !== POLICY_VERSION || birthYearRequired(u);
}
