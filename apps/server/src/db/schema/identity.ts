/**
 * Third-party login (docs/identity.md): the external identities bound to portal accounts, the
 * OAuth states and bind tickets of the login flows (stored hashed, single-use), and the identity a
 * new account declared once on selectIdentity.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One external identity (WeChat unionid, 之江汇 or 教育魔方 account) bound to one portal account.
 * An identity binds to at most one user, and a user has at most one identity per provider.
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** wechat | zjer | educube */
    provider: text('provider').notNull(),
    /** The provider's stable id: WeChat unionid (or `appid:openid`), the CAS user or OIDC `sub`. */
    subject: text('subject').notNull(),
    /** Name the provider gave, shown on the 账号绑定 page. */
    displayName: text('display_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_identities_subject_uq').on(t.provider, t.subject),
    uniqueIndex('external_identities_user_provider_uq').on(t.userId, t.provider),
  ],
);

/**
 * OAuth/CAS login states: random, single-use, 10 minutes, bound to the browser by the hash of an
 * HttpOnly cookie. Only hashes are stored.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    /** SHA-256 of the browser-binding cookie value. */
    browserHash: text('browser_hash').notNull(),
    provider: text('provider').notNull(),
    /** login | bind */
    scene: text('scene').notNull(),
    /** web | h5 */
    client: text('client').notNull(),
    /** The in-app path to return to. */
    redirect: text('redirect').notNull(),
    /** The logged-in user a `bind` flow was started by. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** OpenID Connect: PKCE verifier and nonce of this flow. */
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * Bind tickets: the opaque proof of an external login that found no bound account (the `unionId`
 * URL value, `ticket` of EDU.ACCOUNT_NOT_BOUND). Single-use when bound, 10 minutes; stored hashed.
 */
export const bindTickets = pgTable(
  'bind_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    /**
     * `bind`: a bind ticket; `login`: a provider login the callback completed, to finish by XHR;
     * `code`: a one-time login code of a bound WeChat login, exchanged for a session.
     */
    kind: text('kind').notNull().default('bind'),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** `{name, avatar?, role?, personId?, zsVerified?}` as the provider told it. */
    profile: jsonb('profile').notNull(),
    /** 教育魔方 account id (shown to the web as `cubeAccountId`). */
    cubeAccountId: text('cube_account_id'),
    /** The user whose bind flow (scene `bind`) or login produced the ticket. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * SHA-256 of the flow cookie of the browser that ran the provider flow: the ticket works only
     * for that browser (null: a row from before this rule, usable by nobody).
     */
    browserHash: text('browser_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bind_tickets_expires_idx').on(t.expiresAt), index('bind_tickets_user_idx').on(t.userId)],
);

/** The identity a new account declared on selectIdentity (once; docs/identity.md, New accounts). */
export const identityChoices = pgTable('identity_choices', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** student | teacher | parent */
  identity: text('identity').notNull(),
  chosenAt: timestamp('chosen_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
