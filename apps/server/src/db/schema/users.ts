/**
 * Accounts, sessions, one-time codes, uploads and the audit log.
 * Secrets (passwords, tokens, codes) are only ever stored hashed.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigint,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    /** Null once the account is cancelled, so the number can register again. */
    phone: text('phone'),
    /** argon2id PHC string; null for accounts that only log in by SMS or a third party. */
    passwordHash: text('password_hash'),
    identity: text('identity').notNull().default('student'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    realName: text('real_name'),
    school: text('school'),
    region: text('region'),
    stageId: integer('stage_id'),
    gradeId: integer('grade_id'),
    subjectId: integer('subject_id'),
    avatarUrl: text('avatar_url'),
    personId: text('person_id'),
    zsVerified: boolean('zs_verified').notNull().default(false),
    /** active | disabled | cancelled */
    status: text('status').notNull().default('active'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Per-user settings (`GET /api/v2/userConfig`). */
    config: jsonb('config')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The 《用户服务协议》/《隐私政策》 version the user accepted (POLICY_VERSION), null: never. */
    consentVersion: text('consent_version'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /** A student's birth year from registration (docs/privacy.md, Guardians); null for teachers and older accounts. */
    birthYear: integer('birth_year'),
    /** True while a pupil under 14 awaits a guardian's consent: the session may only browse (plugins/auth.ts). */
    guardianRequired: boolean('guardian_required').notNull().default(false),
    /** The guardian's phone verified by an SMS code, and the policy version and time of the consent. */
    guardianPhone: text('guardian_phone'),
    guardianConsentVersion: text('guardian_consent_version'),
    guardianConsentedAt: timestamp('guardian_consented_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_user_name_uq').on(sql`lower(${t.userName})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    index('users_guardian_phone_idx').on(t.guardianPhone),
  ],
);

/** Platforms (teaching back-office and others) a user has been granted, with the jump address. */
export const userPlatforms = pgTable(
  'user_platforms',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformCode: text('platform_code').notNull(),
    autoAddress: text('auto_address').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platformCode] })],
);

/** Login sessions: a 256-bit random bearer token stored as its SHA-256, sliding expiry. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    platform: text('platform').notNull().default('WEB'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the session passed the console's second factor (docs/console.md); null: not verified. */
    mfaAt: timestamp('mfa_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Tokens of cancelled accounts, kept only as their hash until they would have expired, so that an
 * old token answers 403 "account cancelled" (docs/api.md, Errors) although the sessions, and every
 * link to the person, are erased.
 */
export const cancelledTokens = pgTable('cancelled_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Image captchas keyed by a client-chosen random key; the answer is stored hashed, single-use. */
export const captchas = pgTable(
  'captchas',
  {
    key: text('key').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** SMS verification codes: hashed, bound to phone and purpose, single-use, dead after 3 wrong tries. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    /** register | login | reset | bind | cancel */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/** Uploaded files (avatars and other user uploads), stored under DATA_DIR by `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull().default('image'),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

/** Security audit trail: who, when, where, what, result. Never passwords, codes or tokens. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    /** login | login_failed | lock | logout | register | password_change | password_reset | cancel | ... */
    event: text('event').notNull(),
    result: text('result').notNull(),
    /** The account name or masked phone the attempt named, for failed attempts without a user. */
    subject: text('subject'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail'),
    /** The operator of a console write (docs/console.md). */
    actorId: integer('actor_id'),
    /** What a console write changed, e.g. `user:12`, `code_batch:3`. */
    target: text('target'),
    /** Values before and after a console write (never secrets). */
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_event_idx').on(t.event, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/**
 * The console's second factor (docs/console.md): the TOTP secret encrypted with a key derived from
 * URL_SIGNING_SECRET (AES-256-GCM), the confirmation time and the last accepted time step, which
 * refuses a replayed code.
 */
export const consoleMfa = pgTable('console_mfa', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Recovery codes of the console's second factor: SHA-256 of 80-bit random codes, each usable once. */
export const consoleRecoveryCodes = pgTable(
  'console_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('console_recovery_codes_hash_uq').on(t.userId, t.codeHash)],
);
