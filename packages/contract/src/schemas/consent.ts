/** Consent request and answer shapes (docs/privacy.md); the version and messages are in ../consent. */
import { z } from 'zod';
import { ConsentMessages, POLICY_VERSION } from '../consent';
import { GuardianMessages } from '../guardian';
import { LIMITS } from '../limits';

/** The `consentVersion` a register or consent call sends: must be the current version. */
export const consentVersionField = z
  .string({ message: ConsentMessages.missing })
  .min(1, ConsentMessages.missing)
  .max(32, ConsentMessages.outdated)
  .refine((v) => v === POLICY_VERSION, ConsentMessages.outdated);

/**
 * A student's birth year (a whole number); the upper bound, the current Beijing year less
 * LIMITS.birthYear.minAge, is checked on the server against its clock.
 */
export const birthYearField = z
  .number({ message: GuardianMessages.birthYear })
  .int(LIMITS.birthYear.message)
  .min(LIMITS.birthYear.min, LIMITS.birthYear.message)
  .max(9999, LIMITS.birthYear.message);

/**
 * `POST /api/v1/user/consent`: the logged-in user accepts the current version. A student whose
 * account has no birth year yet (`birthYearRequired`) gives it here, else 400.
 */
export const consentBody = z.object({ consentVersion: consentVersionField, birthYear: birthYearField.optional() });
export type ConsentBody = z.input<typeof consentBody>;

/** `GET` and `POST /api/v1/user/consent`: what the user consented to and whether to ask again. */
export const consentData = z.object({
  currentVersion: z.string(),
  consentVersion: z.string().nullable(),
  consentedAt: z.string().nullable(),
  /** True when the dialog must be shown: a new version, or a student account without a birth year. */
  consentRequired: z.boolean(),
  /** True for a student account from before birth years were asked: the dialog asks for it. */
  birthYearRequired: z.boolean(),
  /** True for a pupil under 14 awaiting a guardian's consent (docs/privacy.md, Guardians). */
  guardianRequired: z.boolean(),
});
export type ConsentData = z.infer<typeof consentData>;
