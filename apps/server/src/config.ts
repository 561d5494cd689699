/**
 * Configuration from environment variables (docs/api.md, Configuration), validated once at start.
 * A bad value stops the process with a message naming the variable.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { isSafeLink } from '@eav/contract';
import { z } from 'zod';

/**
 * The fake teaching back-office (served with the fake providers, docs/identity.md): the address of
 * 教学后台 outside production when TEACHING_BACKOFFICE_URL is unset. An in-app path, which the web
 * opens like an https address.
 */
export const FAKE_TEACHING_BACKOFFICE_PATH = '/fake-idp/teaching/';

const DEV_SIGN_SECRET = 'dev-secret';
const DEV_URL_SIGNING_SECRET = 'dev-url-signing-secret';

/**
 * The server-side caches on the catalogue's path that CACHES_OFF can bypass: read replay (decision
 * 018), the read cache (decision 011) and the catalogue's count snapshot. The keyword title index
 * (ADR 005) is not among them: it is keyword search itself, and a second way to match keywords
 * would be a second copy of its rule.
 */
export const CACHE_NAMES = ['read-replay', 'read-cache', 'catalogue-snapshot'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalHttpUrl = z
  .string()
  .optional()
  .refine((v) => !v || /^https?:\/\/[^\s/]+/i.test(v), 'must be an http:// or https:// URL')
  .transform((v) => (v ? v.replace(/\/+$/, '') : undefined));
const optionalPem = z
  .string()
  .optional()
  .transform((v) => (v ? v.replace(/\\n/g, '\n') : undefined))
  .refine((v) => !v || /-----BEGIN PUBLIC KEY-----/.test(v), 'must be a PEM public key (-----BEGIN PUBLIC KEY-----)');

/** `10.0.0.0/8`, `::1/128` or a bare address. */
function isCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** The variables FILE_STORAGE=s3 needs together. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Variables whose values a configuration error never quotes (secrets). */
const SECRET_VARIABLE = /SECRET|PASSWORD|TOKEN/;

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
    /**
     * Most SMS codes sent per Beijing day, all phones and instances together (docs/accounts.md,
     * Rate limits): sends beyond it are refused; from 80 % every send logs a warning.
     */
    SMS_DAILY_BUDGET: z.coerce.number().int().positive().default(20_000),
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
    /**
     * Addresses or CIDR ranges of the trusted reverse proxies, comma-separated (e.g.
     * `127.0.0.1/32,10.0.0.0/8`): X-Forwarded-For is then believed only from them, hop by hop.
     * Takes the place of TRUST_PROXY when set.
     */
    TRUSTED_PROXY_CIDRS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean)
          : undefined,
      )
      .refine(
        (list) => !list || list.every(isCidr),
        'must be IP addresses or CIDR ranges separated by commas, e.g. 127.0.0.1/32,10.0.0.0/8',
      ),
    /** OpenAPI document and Swagger UI at /api/docs: on by default except in production. */
    API_DOCS: booleanish.optional(),
    /**
     * The console's second factor (docs/console.md): `/api/v1/admin/*` needs a TOTP-verified session.
     * On by default; `false` only for tests of other features, refused in production.
     */
    CONSOLE_MFA: booleanish.default(true),
    /** Prometheus metrics at /metrics (docs/operations.md, Metrics): on by default in development only. */
    METRICS: z.enum(['on', 'off']).optional(),
    /** Bearer token scrapers send to /metrics; unset: /metrics answers direct loopback connections only. */
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Public origin of the portal (absolute links, third-party login callbacks). Required in
     * production; outside it the login callbacks fall back to http://<HOST>:<PORT>.
     */
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
    /**
     * Opened by the web in a new window, so https only (docs/api.md, Configuration). Required in
     * production; elsewhere unset means the fake back-office (FAKE_TEACHING_BACKOFFICE_PATH).
     */
    TEACHING_BACKOFFICE_URL: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || (/^https:\/\//i.test(v) && isSafeLink(v)), 'must be an https:// URL'),
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
    // Third-party login (docs/identity.md). Base URLs unset + FAKE_IDP on: the in-process fakes.
    WECHAT_APP_ID: optionalText,
    WECHAT_APP_SECRET: optionalText,
    WECHAT_MP_APP_ID: optionalText,
    WECHAT_MP_APP_SECRET: optionalText,
    /** Browser-facing WeChat pages (open platform), e.g. https://open.weixin.qq.com. */
    WECHAT_BASE_URL: optionalHttpUrl,
    /** Server-to-server WeChat API, e.g. https://api.weixin.qq.com. */
    WECHAT_API_URL: optionalHttpUrl,
    ZJER_PROTOCOL: z.enum(['cas', 'oidc']).default('cas'),
    ZJER_BASE_URL: optionalHttpUrl,
    ZJER_CLIENT_ID: optionalText,
    ZJER_CLIENT_SECRET: optionalText,
    EDUCUBE_PROTOCOL: z.enum(['cas', 'oidc']).default('cas'),
    EDUCUBE_BASE_URL: optionalHttpUrl,
    EDUCUBE_CLIENT_ID: optionalText,
    EDUCUBE_CLIENT_SECRET: optionalText,
    /** Serve the fake providers under /fake-idp/ and use them for every provider without a base URL. */
    FAKE_IDP: booleanish.optional(),
    /**
     * 在线客服 service hours (docs/chat.md): `auto` follows the Beijing-time rule; `open` or `closed`
     * forces it for tests and demonstrations, refused in production.
     */
    CHAT_SERVICE_HOURS: z.enum(['auto', 'open', 'closed']).default('auto'),
    /**
     * `on`: the business clock is real time plus an offset that `POST /api/v1/test/clock` moves
     * forward, so that journeys through time (reading minutes, TOTP steps) need no real waits.
     * Off by default, refused in production.
     */
    TEST_CLOCK: z.enum(['on', 'off']).default('off'),
    /**
     * Server-side caches to bypass, comma-separated (docs/ARCHITECTURE.md, Caches): answers stay the
     * same, only slower. For measuring what each cache is worth (docs/benchmarks.md); empty by default.
     */
    CACHES_OFF: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(CACHE_NAMES))),
    /**
     * Where stored files live (docs/decisions/020-object-storage.md): `local` under DATA_DIR, or
     * `s3`, an S3-compatible object store, which then needs every S3_* variable below but
     * S3_FORCE_PATH_STYLE.
     */
    FILE_STORAGE: z.enum(['local', 's3']).default('local'),
    /** The store's API address as browsers reach it too (presigned downloads), e.g. https://oss-cn-hangzhou.aliyuncs.com. */
    S3_ENDPOINT: optionalHttpUrl,
    S3_REGION: optionalText,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    /** Never logged (lib/logger.ts) nor quoted in configuration errors. */
    S3_SECRET_ACCESS_KEY: optionalText,
    /** `true`: bucket in the path (`endpoint/bucket/key`, MinIO and most self-hosted stores); else a subdomain. */
    S3_FORCE_PATH_STYLE: booleanish.default(false),
    /** The class server teachers jump to (docs/identity.md, Class-server jump). */
    CLASS_SERVER_URL: optionalHttpUrl,
    /** PEM public keys (SPKI, RSA) of the class server: the default one and the URL key type's. */
    CLASS_SERVER_PUBLIC_KEY: optionalPem,
    CLASS_SERVER_URL_PUBLIC_KEY: optionalPem,
  })
  .superRefine((env, ctx) => {
    if (env.FILE_STORAGE === 's3')
      for (const name of S3_REQUIRED)
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when FILE_STORAGE=s3' });
    if (env.NODE_ENV !== 'production') return;
    if (env.FAKE_IDP)
      ctx.addIssue({
        code: 'custom',
        path: ['FAKE_IDP'],
        message: 'the fake WeChat, 之江汇 and 教育魔方 providers log anyone in: refused when NODE_ENV=production',
      });
    // Provider redirect URIs and CAS services are built from it, never from the Host header
    // (docs/identity.md, Callbacks); the development fallback is http://<HOST>:<PORT>.
    if (!env.PUBLIC_ORIGIN)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: 'is required when NODE_ENV=production (third-party login callbacks are built from it)',
      });
    if (env.SEED_DEMO)
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'demo accounts have published passwords: refused when NODE_ENV=production',
      });
    if (!env.TEACHING_BACKOFFICE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['TEACHING_BACKOFFICE_URL'],
        message: 'is required when NODE_ENV=production (the fake back-office is for development and tests)',
      });
    if (env.SMS_PROVIDER === 'dev')
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'dev is refused when NODE_ENV=production' });
    if (env.CHAT_SERVICE_HOURS !== 'auto')
      ctx.addIssue({
        code: 'custom',
        path: ['CHAT_SERVICE_HOURS'],
        message: 'only auto (the real service hours) is allowed when NODE_ENV=production',
      });
    if (env.CAPTCHA_FIXED_CODE)
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_FIXED_CODE'], message: 'is refused when NODE_ENV=production' });
    // Anyone able to sign a request could move time: expire sessions, open quizzes, credit reading.
    if (env.TEST_CLOCK === 'on')
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK'],
        message: 'lets any client move the server clock forward: refused when NODE_ENV=production',
      });
    if (!env.CONSOLE_MFA)
      ctx.addIssue({ code: 'custom', path: ['CONSOLE_MFA'], message: 'false is refused when NODE_ENV=production' });
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
  /** Fastify's trustProxy: true (TRUST_PROXY) or the trusted proxies' ranges (TRUSTED_PROXY_CIDRS). */
  trustProxy: boolean | string[];
  /** SMS codes sent per Beijing day at most (SMS_DAILY_BUDGET). */
  smsDailyBudget: number;
  /** Serve the OpenAPI document and Swagger UI at /api/docs (API_DOCS). */
  apiDocs: boolean;
  /** Console calls need a TOTP-verified session (CONSOLE_MFA; always in production). */
  consoleMfa: boolean;
  /** Prometheus metrics at /metrics (METRICS) and the bearer token it requires (METRICS_TOKEN). */
  metrics: { enabled: boolean; token: string | undefined };
  /** The teaching back-office teachers are sent to (TEACHING_BACKOFFICE_URL, else the fake's path). */
  teachingBackofficeUrl: string;
  /** 在线客服 service hours: the real rule (`auto`) or forced open/closed outside production (CHAT_SERVICE_HOURS). */
  chatServiceHours: Env['CHAT_SERVICE_HOURS'];
  /** The business clock can be moved forward by `POST /api/v1/test/clock` (TEST_CLOCK; never in production). */
  testClock: boolean;
  /** Allowed hosts of remote textbook files (REMOTE_MEDIA_HOSTS), lower case; empty = none. */
  remoteMediaHosts: string[];
  /** Caches bypassed (CACHES_OFF): answers are the same, only computed afresh. */
  cachesOff: ReadonlySet<CacheName>;
  /** Where stored files live (FILE_STORAGE and S3_*). */
  fileStorage: FileStorageConfig;
  /** Third-party login providers and the class-server jump (docs/identity.md). */
  identity: IdentityConfig;
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

/** The storage adapter the app builds once (lib/storage.ts `createStorage`). */
export type FileStorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

/** One CAS or OpenID Connect province system (之江汇, 教育魔方). */
export interface ProvinceIdpConfig {
  protocol: 'cas' | 'oidc';
  /** Base URL of the real provider; undefined: the fake when `fakeIdp`, otherwise not configured. */
  baseUrl: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
}

/** Configuration of third-party login (WECHAT_*, ZJER_*, EDUCUBE_*, FAKE_IDP, CLASS_SERVER_*). */
export interface IdentityConfig {
  fakeIdp: boolean;
  wechat: {
    /** Website (QR) application. */
    appId: string | undefined;
    appSecret: string | undefined;
    /** Official Account (H5) application. */
    mpAppId: string | undefined;
    mpAppSecret: string | undefined;
    baseUrl: string | undefined;
    apiUrl: string | undefined;
  };
  zjer: ProvinceIdpConfig;
  educube: ProvinceIdpConfig;
  classServer: { url: string | undefined; publicKey: string | undefined; urlPublicKey: string | undefined };
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
      (i) =>
        `  ${i.path.join('.') || '(env)'}=${SECRET_VARIABLE.test(String(i.path[0])) ? '***' : JSON.stringify(source[String(i.path[0])] ?? '')}: ${i.message}`,
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
    chatServiceHours: e.CHAT_SERVICE_HOURS,
    testClock: e.TEST_CLOCK === 'on',
    trustProxy: e.TRUSTED_PROXY_CIDRS ?? e.TRUST_PROXY,
    smsDailyBudget: e.SMS_DAILY_BUDGET,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    consoleMfa: e.CONSOLE_MFA,
    // Off under test too: every test builds apps, and the process collectors cannot be stopped.
    metrics: { enabled: (e.METRICS ?? (e.NODE_ENV === 'development' ? 'on' : 'off')) === 'on', token: e.METRICS_TOKEN },
    // Production requires the variable (above), so the fake's path is never used there.
    teachingBackofficeUrl: e.TEACHING_BACKOFFICE_URL ?? FAKE_TEACHING_BACKOFFICE_PATH,
    remoteMediaHosts: e.REMOTE_MEDIA_HOSTS,
    cachesOff: new Set(e.CACHES_OFF),
    // The schema requires every S3_* value when FILE_STORAGE=s3.
    fileStorage:
      e.FILE_STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT!,
            region: e.S3_REGION!,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    identity: {
      fakeIdp: e.FAKE_IDP ?? e.NODE_ENV !== 'production',
      wechat: {
        appId: e.WECHAT_APP_ID,
        appSecret: e.WECHAT_APP_SECRET,
        mpAppId: e.WECHAT_MP_APP_ID,
        mpAppSecret: e.WECHAT_MP_APP_SECRET,
        baseUrl: e.WECHAT_BASE_URL,
        apiUrl: e.WECHAT_API_URL,
      },
      zjer: {
        protocol: e.ZJER_PROTOCOL,
        baseUrl: e.ZJER_BASE_URL,
        clientId: e.ZJER_CLIENT_ID,
        clientSecret: e.ZJER_CLIENT_SECRET,
      },
      educube: {
        protocol: e.EDUCUBE_PROTOCOL,
        baseUrl: e.EDUCUBE_BASE_URL,
        clientId: e.EDUCUBE_CLIENT_ID,
        clientSecret: e.EDUCUBE_CLIENT_SECRET,
      },
      classServer: {
        url: e.CLASS_SERVER_URL,
        publicKey: e.CLASS_SERVER_PUBLIC_KEY,
        urlPublicKey: e.CLASS_SERVER_URL_PUBLIC_KEY,
      },
    },
    sms: e,
  };
}
