/**
 * Integration-test harness: a fresh database per test file (PGlite in memory, or a throwaway
 * database on the PostgreSQL server named by TEST_DATABASE_URL, dropped afterwards), each a copy
 * of one template migrated per run; an app per test built by the real factory, and `api()` that
 * signs requests as the web client does.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SIGN_HEADERS, signRequest } from '@eav/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';

export const TEST_SECRET = 'test-secret';

/** This worker's copy of the PGlite template dump, read once (files in a worker share the module). */
let pgliteTemplate: Promise<Blob> | undefined;

/**
 * Opens a fresh, migrated database for one test file: a copy of the run's template, migrated once
 * by the global setup (test/global-setup.ts).
 */
export async function createTestDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const template = inject('serverTestTemplate');
  if (!template) throw new Error('no template database: run the server suite with test/global-setup.ts');
  if (template.engine === 'pglite') {
    pgliteTemplate ??= fs.promises.readFile(template.dumpFile).then((bytes) => new Blob([bytes]));
    const database = await openDatabase({ loadDataDir: await pgliteTemplate });
    return { database, dispose: () => database.close() };
  }
  const name = `eav_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(template.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    database,
    dispose: async () => {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Test configuration: silent logs, a temporary DATA_DIR, fixed captcha, no demo seed. */
export function testConfig(overrides: Partial<AppConfig> = {}, env: Record<string, string> = {}): AppConfig {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-test-'));
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      EAV_SIGN_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      // Other features' tests call console endpoints without a second factor; console tests turn it on.
      CONSOLE_MFA: 'false',
      ...env,
    }),
    ...overrides,
  };
}

export interface TestContext {
  /** The app of the current test (rebuilt before each test). */
  readonly app: FastifyInstance;
  readonly database: Database;
  /** Builds another app on the same database, e.g. with other config. */
  build(options?: Partial<BuildOptions>): Promise<FastifyInstance>;
}

/**
 * What a build that runs the demo seed may take. The seed imports the demo books with the whole real
 * catalogue (about 5 s of it on PGlite), chapters, PDFs,
 * videos, questions and papers: 10-15 s in a server suite run on two cores beside the other worker
 * and the proof, and past the suite's 60 s hook limit while other suites loaded the machine to a
 * load average of 14-18. The bound is that step's need on a machine several times busier, not a
 * multiple of one run.
 */
export const DEMO_SEED_BUILD_MS = 180_000;

/**
 * Registers hooks for a test file: one database for the file, a new app per test.
 * Call at the top level of a test file.
 */
export function useTestApp(options: Partial<BuildOptions> = {}): TestContext {
  let database: Database | undefined;
  let dispose: (() => Promise<void>) | undefined;
  let current: FastifyInstance | undefined;
  const extra: FastifyInstance[] = [];
  const build = async (o: Partial<BuildOptions> = {}) => {
    const app = await buildApp({
      config: testConfig(),
      kvPrefix: `eavtest:${randomBytes(4).toString('hex')}:`,
      ...options,
      ...o,
      database: database!,
    });
    await app.ready();
    return app;
  };
  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase());
  });
  afterAll(async () => {
    await dispose?.();
  });
  const ctx: TestContext = {
    get app() {
      if (!current) throw new Error('the app is built before each test; use it inside a test');
      return current;
    },
    get database() {
      return database!;
    },
    build: async (o) => {
      const app = await build(o);
      extra.push(app);
      return app;
    },
  };
  // A new app per test (fastify/demo style). The first build of a file with the demo seed runs the seed.
  beforeEach(
    async () => {
      current = await build();
    },
    options.config?.seedDemo ? DEMO_SEED_BUILD_MS : undefined,
  );
  afterEach(async () => {
    await current?.close();
    current = undefined;
    await Promise.all(extra.splice(0).map((a) => a.close()));
  });
  return ctx;
}

export interface ApiRequest {
  method?: InjectOptions['method'];
  url: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Override the timestamp (ms). */
  timestamp?: number;
  secret?: string;
}

/**
 * Injects a request signed exactly as the web client signs it (docs/api.md, Signing): `url` is the
 * target as sent, which the signer reduces to its canonical path as the server does.
 */
export function api(app: FastifyInstance, req: ApiRequest): Promise<LightMyRequestResponse> {
  const method = (req.method ?? 'GET').toUpperCase() as InjectOptions['method'] & string;
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== '') query[k] = String(v);
  const qs = new URLSearchParams(query).toString();
  const body = req.body === undefined ? undefined : JSON.stringify(req.body);
  const timestamp = req.timestamp ?? Date.now();
  const sign = signRequest(
    { method, path: req.url, query, body: body ?? '', token: req.token ?? '', timestamp },
    req.secret ?? TEST_SECRET,
  );
  return app.inject({
    method,
    url: qs ? `${req.url}?${qs}` : req.url,
    headers: {
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: sign,
      ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...req.headers,
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
}
