/**
 * Consent to the 《用户服务协议》 and 《隐私政策》 (PIPL art. 13, 14; docs/privacy.md). One version
 * names both documents: the server refuses a registration or binding without consent to it, and a
 * logged-in user whose recorded consent is older is asked again. Change it together with the text.
 */
import { z } from 'zod';

/** The current version of both documents (the date their text last changed). */
export const POLICY_VERSION = '2026-11-28';
/** Date shown on the documents as 生效日期. */
export const POLICY_EFFECTIVE_DATE = '2026年11月28日';

/** Titles as the pages and every link name them. */
export const POLICY_TITLES = { terms: '用户服务协议', privacy: '隐私政策' } as const;

export const ConsentMessages = {
  missing: '请阅读并勾选同意《用户服务协议》与《隐私政策》',
  outdated: '《用户服务协议》与《隐私政策》已更新，请刷新页面后重新阅读并同意',
} as const;

/** The `consentVersion` a register or consent call sends: must be the current version. */
export const consentVersionField = z
  .string({ message: ConsentMessages.missing })
  .min(1, ConsentMessages.missing)
  .max(32, ConsentMessages.outdated)
  .refine((v) => v === POLICY_VERSION, ConsentMessages.outdated);

/** `POST /api/v1/user/consent`: the logged-in user accepts the current version. */
export const consentBody = z.object({ consentVersion: consentVersionField });
export type ConsentBody = z.input<typeof consentBody>;

/** `GET` and `POST /api/v1/user/consent`: what the user consented to and whether to ask again. */
export const consentData = z.object({
  currentVersion: z.string(),
  consentVersion: z.string().nullable(),
  consentedAt: z.string().nullable(),
  consentRequired: z.boolean(),
});
export type ConsentData = z.infer<typeof consentData>;

/** True when a recorded consent (or none) is not to the current version. */
export function consentRequired(consentVersion: string | null | undefined): boolean {
  return consentVersion !== POLICY_VERSION;
}
