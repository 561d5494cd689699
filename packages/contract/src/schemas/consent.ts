/** Consent request and answer shapes (docs/privacy.md); the version and messages are in ../consent. */
import { z } from 'zod';
import { ConsentMessages, POLICY_VERSION } from '../consent';

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
