/**
 * Guardian consent for pupils under 14 (PIPL art. 28, 31; 《儿童个人信息网络保护规定》 art. 9;
 * docs/privacy.md, Guardians). A student gives the birth year at registration; a pupil who may not
 * yet be 14 in the current Beijing year can only browse until a guardian consents through an SMS
 * code sent to the guardian's phone. Free of zod; the request shapes are in schemas/guardian.ts.
 */
import { inBeijing } from './beijing-time';

/** Below this age (years) a guardian must consent (PIPL art. 31). */
export const GUARDIAN_AGE = 14;

/**
 * True when a person born in `birthYear` may not yet be GUARDIAN_AGE at the instant `nowMs`: with
 * only the year known, someone born in year Y turns N during year Y + N, so before the end of the
 * Beijing year Y + 14 they may still be 13. Conservative on purpose: the whole year of the 14th
 * birthday still counts as under 14.
 * @throws RangeError for an instant that is not readable.
 */
export function mayBeUnderGuardianAge(birthYear: number, nowMs: number): boolean {
  const now = inBeijing(nowMs);
  if (!now) throw new RangeError(`not an instant: ${nowMs}`);
  return now.year() - birthYear <= GUARDIAN_AGE;
}

/** The current Beijing calendar year at `nowMs` (the birth-year choices end there). */
export function beijingYear(nowMs: number): number {
  const now = inBeijing(nowMs);
  if (!now) throw new RangeError(`not an instant: ${nowMs}`);
  return now.year();
}

export const GuardianMessages = {
  ownPhone: '监护人手机号不能是你自己的注册手机号，请填写家长的手机号',
  pupilPhone: '该手机号属于一名未满 14 周岁的学生账号，不能作为监护人手机号',
  notNeeded: '你的账号无需监护人同意',
  tick: '请监护人阅读并勾选同意《隐私政策》中的儿童个人信息保护规则',
  accessExpired: '监护人验证已失效，请重新获取短信验证码',
  birthYear: '请选择出生年份',
} as const;
