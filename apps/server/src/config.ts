/**
 * Configuration from environment variables (docs/api.md, Configuration), validated once at start.
 * A bad value stops the process with a message naming the variable.
 */
import path from 'node:path';
import { isSafeLink } from '@eav/contract';
import { z } from 'zod';

const DEV_SIGN_SECRET = 'dev-secret';
const DEV_URL_SIGNING_SECRET = 'dev-url-signing-secret';

const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    EAV_SIGN_SECRET: z.string().min(1).default(DEV_SIGN_SECRET),
    /** Server-only secret of the short-lived media URLs (textbook PDFs, videos); never shipped to clients. */
    URL_SIGNING_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEV_URL_SIGNING_SECRET),
    SMS_PROVIDER: z.enum(['dev', 'aliyun', 'tencent']).default('dev'),
    CAPTCHA_FIXED_CODE: z
      .string()
      .regex(/^[A-Za-z0-9]{4}$/, 'must be 4 letters or digits')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Directory of the built web app; defaults to apps/web/dist. */
    WEB_DIST_DIR: z.string().optional(),
    /**
     * Demo catalogue and demo accounts: `true` seeds them (idempotently), `false` never; unset, only
     * into a fresh embedded database (no DATABASE_URL, no users or textbooks yet) outside
     * production. Refused in production (docs/demo-accounts.md).
     */
    SEED_DEMO: booleanish.optional(),
    /** Trust X-Forwarded-* from a reverse proxy (only behind one: it decides the client IP for rate limits). */
    TRUST_PROXY: booleanish.default(false),
    /** OpenAPI document and Swagger UI at /api/docs: on by default except in production. */
    API_DOCS: booleanish.optional(),
    /** Public origin of the portal (for absolute links); derived from the request when unset. */
    PUBLIC_ORIGIN: z.string().url().optional(),
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
    TENCENT_SMS_SECRET_ID: z.string().optional(),
    TENCENT_SMS_SECRET_KEY: z.string().optional(),
    TENCENT_SMS_SDK_APP_ID: z.string().optional(),
    TENCENT_SMS_SIGN_NAME: z.string().optional(),
    TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
    /** Opened by the web in a new window, so https only (docs/api.md, Configuration). */
    TEACHING_BACKOFFICE_URL: z
      .string()
      .refine((v) => /^https:\/\//i.test(v) && isSafeLink(v), 'must be an https:// URL')
      .default('https://teaching.example.edu.cn/sso'),
    /**
     * Hosts the server may fetch imported remote textbook files from (`host` or `host:port`,
     * comma-separated); empty: no remote fetches (docs/api.md, Configuration).
     */
    REMOTE_MEDIA_HOSTS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/,
              'must be comma-separated host names, each optionally with :port',
            ),
        ),
      ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (env.SEED_DEMO)
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'demo accounts have published passwords: refused when NODE_ENV=production',
      });
    if (env.SMS_PROVIDER === 'dev')
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'dev is refused when NODE_ENV=production' });
    if (env.CAPTCHA_FIXED_CODE)
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_FIXED_CODE'], message: 'is refused when NODE_ENV=production' });
    if (env.URL_SIGNING_SECRET === DEV_URL_SIGNING_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['URL_SIGNING_SECRET'],
        message: 'the development default is refused when NODE_ENV=production',
      });
    if (env.EAV_SIGN_SECRET === DEV_SIGN_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['EAV_SIGN_SECRET'],
        message: 'the development default is refused when NODE_ENV=production',
      });
  });

export type Env = z.infer<typeof envSchema>;

/** When demo content is seeded: always (SEED_DEMO=true), never, or only into a fresh database. */
export type SeedDemo = boolean | 'fresh';

/** The configuration object the app factory takes. */
export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Absolute path of the data directory (embedded database, uploads, SMS outbox). */
  dataDir: string;
  /** PostgreSQL URL; when unset, PGlite under `dataDir` (or in memory when `dataDir` is ':memory:'). */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  signSecret: string;
  /** HMAC key of signed media URLs (URL_SIGNING_SECRET). */
  urlSigningSecret: string;
  smsProvider: Env['SMS_PROVIDER'];
  captchaFixedCode: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string | undefined;
  /** Demo seeding: always, never, or 'fresh' = only into a database without users or textbooks (SEED_DEMO unset). */
  seedDemo: SeedDemo;
  publicOrigin: string | undefined;
  trustProxy: boolean;
  /** Serve the OpenAPI document and Swagger UI at /api/docs (API_DOCS). */
  apiDocs: boolean;
  teachingBackofficeUrl: string;
  /** Allowed hosts of remote textbook files (REMOTE_MEDIA_HOSTS), lower case; empty = none. */
  remoteMediaHosts: string[];
  sms: Pick<
    Env,
    | 'ALIYUN_SMS_ACCESS_KEY_ID'
    | 'ALIYUN_SMS_ACCESS_KEY_SECRET'
    | 'ALIYUN_SMS_SIGN_NAME'
    | 'ALIYUN_SMS_TEMPLATE_CODE'
    | 'TENCENT_SMS_SECRET_ID'
    | 'TENCENT_SMS_SECRET_KEY'
    | 'TENCENT_SMS_SDK_APP_ID'
    | 'TENCENT_SMS_SIGN_NAME'
    | 'TENCENT_SMS_TEMPLATE_ID'
  >;
}

/** Error thrown for an invalid environment; its message names every bad variable. */
export class ConfigError extends Error {}

/**
 * Parses `process.env`-like input into an AppConfig.
 * @throws ConfigError naming each invalid variable and why.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.') || '(env)'}=${JSON.stringify(source[String(i.path[0])] ?? '')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR === ':memory:' ? ':memory:' : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    signSecret: e.EAV_SIGN_SECRET,
    urlSigningSecret: e.URL_SIGNING_SECRET,
    smsProvider: e.SMS_PROVIDER,
    captchaFixedCode: e.CAPTCHA_FIXED_CODE,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV !== 'production' && !e.DATABASE_URL ? 'fresh' : false),
    publicOrigin: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    teachingBackofficeUrl: e.TEACHING_BACKOFFICE_URL,
    remoteMediaHosts: e.REMOTE_MEDIA_HOSTS,
    sms: e,
  };
}
