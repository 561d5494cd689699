/**
 * Guardian consent and the 监护人 page (docs/privacy.md, Guardians): request and answer shapes. The
 * rule of who needs a guardian and the messages are in ../guardian.
 */
import { z } from 'zod';
import { GuardianMessages } from '../guardian';
import { phoneField, smsCodeField, smsTicketField } from './accounts';
import { consentVersionField } from './consent';
import { idField } from './common';

/** `GET` and `POST /api/v1/user/guardian`: whether a guardian must consent and what was recorded. */
export const guardianStatusData = z.object({
  /** True while the account may only browse. */
  guardianRequired: z.boolean(),
  birthYear: z.number().int().nullable(),
  /** The guardian's phone, masked (138****0001), once consented. */
  guardianPhone: z.string().nullable(),
  consentVersion: z.string().nullable(),
  consentedAt: z.string().nullable(),
});
export type GuardianStatusData = z.infer<typeof guardianStatusData>;

/** `POST /api/v1/user/guardian/code`: the guardian's phone to send the code to. */
export const guardianCodeBody = z.object({ phone: phoneField });
export type GuardianCodeBody = z.input<typeof guardianCodeBody>;

/** `POST /api/v1/user/guardian`: the guardian's code (with its ticket) and the ticked consent. */
export const guardianConsentBody = z.object({
  phone: phoneField,
  smsCode: smsCodeField,
  smsTicket: smsTicketField,
  consentVersion: consentVersionField,
  agreed: z.literal(true, { message: GuardianMessages.tick }),
});
export type GuardianConsentBody = z.input<typeof guardianConsentBody>;

/** `POST /api/v1/pub/guardian/access`: the guardian proves the phone (purpose `guardian_access`). */
export const guardianAccessBody = z.object({ phone: phoneField, smsCode: smsCodeField, smsTicket: smsTicketField });
export type GuardianAccessBody = z.input<typeof guardianAccessBody>;
export const guardianAccessData = z.object({ token: z.string(), expiresIn: z.number().int() });
export type GuardianAccessData = z.infer<typeof guardianAccessData>;

/** The guardian's access token (from the access call); sent in the body, never in a URL. */
export const guardianTokenField = z
  .string({ message: GuardianMessages.accessExpired })
  .regex(/^[A-Za-z0-9_-]{43}$/, GuardianMessages.accessExpired);
export const guardianPupilsBody = z.object({ token: guardianTokenField });
export type GuardianPupilsBody = z.input<typeof guardianPupilsBody>;

/** What the portal holds about one pupil, as the guardian sees it. */
export const guardianPupilSummary = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** The pupil's own phone, masked. */
  phone: z.string().nullable(),
  identity: z.string(),
  birthYear: z.number().int().nullable(),
  realName: z.string().nullable(),
  school: z.string().nullable(),
  region: z.string().nullable(),
  hasAvatar: z.boolean(),
  createdAt: z.string(),
  consentVersion: z.string().nullable(),
  guardianConsentVersion: z.string().nullable(),
  guardianConsentedAt: z.string().nullable(),
  /** Counts of what the account holds: live sessions, uploaded files, linked third-party logins, audit entries. */
  counts: z.object({
    sessions: z.number().int(),
    files: z.number().int(),
    bindings: z.number().int(),
    auditEntries: z.number().int(),
  }),
  /** The latest audit entries of the account: event and time only. */
  recentActivity: z.array(z.object({ event: z.string(), at: z.string() })),
});
export type GuardianPupilSummary = z.infer<typeof guardianPupilSummary>;
export const guardianPupilsData = z.object({
  /** The verified guardian phone, masked. */
  guardianPhone: z.string(),
  pupils: z.array(guardianPupilSummary),
});
export type GuardianPupilsData = z.infer<typeof guardianPupilsData>;

/** `POST /api/v1/pub/guardian/erasure`: erase one pupil's account (404 unless the token's phone is its guardian). */
export const guardianErasureBody = z.object({ token: guardianTokenField, userId: idField('账号标识无效') });
export type GuardianErasureBody = z.input<typeof guardianErasureBody>;
