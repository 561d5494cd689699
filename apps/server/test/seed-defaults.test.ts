/**
 * Safe seeding defaults (docs/demo-accounts.md): a plain start seeds demo accounts and the demo
 * catalogue only into a fresh embedded database (no users, no textbooks yet); a database holding
 * real data, or one named by DATABASE_URL, gets nothing unless SEED_DEMO=true. The demo
 * administrator's password is generated, printed once on the console and saved to DATA_DIR with
 * mode 0600.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { textbooks, users } from '../src/db/schema';
import { DEMO_ACCOUNTS, DEMO_ADMIN_PASSWORD_FILE, DEMO_PASSWORD } from '../src/features/accounts/seed';
import { importTextbooks } from '../src/features/textbooks/importer';
import { demoCatalogue } from './textbooks-helpers';
import { CAPTCHA, passwordLogin } from './accounts-helpers';
import { createTestDatabase, DEMO_SEED_BUILD_MS, testConfig } from './helpers';

// Lesson videos are not what this file is about: their rendering fails fast, and the demo
// catalogue seeds without them (as it does on a machine without ffmpeg).
vi.mock('../src/features/textbooks/seed/video', () => ({
  renderLessonVideo: async () => {
    throw new Error('no video rendering in this test');
  },
}));

const DEMO_PHONES = DEMO_ACCOUNTS.map((a) => a.phone);
/** What a plain `npm start` decides (no SEED_DEMO, no DATABASE_URL). */
const plainStart = loadConfig({ DATA_DIR: os.tmpdir() }).seedDemo;
/** What a start with DATABASE_URL and no SEED_DEMO decides. */
const withDatabaseUrl = loadConfig({ DATABASE_URL: 'postgres://db.example.cn/eav' }).seedDemo;

/** Builds an app on `database` with `config`; answers it and everything it printed on stdout. */
async function start(database: Database, config: AppConfig): Promise<{ app: FastifyInstance; printed: string }> {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    const app = await buildApp({ config, database });
    await app.ready();
    return { app, printed: chunks.join('') };
  } finally {
    spy.mockRestore();
  }
}

const passwordIn = (printed: string) => /Password: (\S+)/.exec(printed)?.[1];

function configWith(overrides: Partial<AppConfig>): AppConfig {
  return testConfig({ captchaFixedCode: CAPTCHA, trustProxy: true, ...overrides });
}

describe('a plain start on a fresh embedded database', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase());
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  afterAll(async () => {
    await dispose();
  });

  // Generating the demo PDFs takes a while on a busy machine: hence the longer timeout.
  it(
    'seeds the demo accounts and catalogue once, printing a generated administrator password',
    async () => {
      expect(plainStart).toBe('fresh');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-seed-fresh-'));
      const config = configWith({ seedDemo: plainStart, dataDir });
      const first = await start(database, config);
      apps.push(first.app);
      const rows = await database.db
        .select({ phone: users.phone })
        .from(users)
        .where(inArray(users.phone, [...DEMO_PHONES]));
      expect(rows).toHaveLength(3);
      const [books] = await database.db.select({ n: count() }).from(textbooks);
      // The demo books and the whole real catalogue (data/textbooks-chinatextbook.jsonl).
      expect(books!.n).toBe(demoCatalogue().books);

      expect(first.printed).toContain('演示管理员账号已创建');
      const password = passwordIn(first.printed)!;
      expect(fs.readFileSync(path.join(dataDir, DEMO_ADMIN_PASSWORD_FILE), 'utf8')).toBe(`${password}\n`);
      expect(password).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
      expect(password).not.toBe(DEMO_PASSWORD);
      expect((await passwordLogin(first.app, 'admin', DEMO_PASSWORD)).json().code).not.toBe(200);
      expect((await passwordLogin(first.app, 'admin', password)).json().code).toBe(200);
      expect((await passwordLogin(first.app, 'demo_student', DEMO_PASSWORD)).json().code).toBe(200);

      // The next start finds users: nothing seeded, nothing printed.
      const second = await start(database, config);
      apps.push(second.app);
      expect(second.printed).toBe('');
      const [users2] = await database.db.select({ n: count() }).from(users);
      const [books2] = await database.db.select({ n: count() }).from(textbooks);
      expect(users2!.n).toBe(3);
      expect(books2!.n).toBe(books!.n);
      // The whole demo seed runs here, as in a test app built with seedDemo (helpers.ts).
    },
    DEMO_SEED_BUILD_MS,
  );
});

describe('a database that already holds real data', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase());
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  afterAll(async () => {
    await dispose();
  });

  const demoUsers = () =>
    database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.phone, [...DEMO_PHONES]));

  /** Starts with `seedDemo` and checks that nothing was seeded, printed or saved. */
  async function expectNothingSeeded(seedDemo: AppConfig['seedDemo']) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-seed-real-'));
    const { app, printed } = await start(database, configWith({ seedDemo, dataDir }));
    apps.push(app);
    expect(printed).toBe('');
    expect(fs.existsSync(path.join(dataDir, DEMO_ADMIN_PASSWORD_FILE))).toBe(false);
    expect(await demoUsers()).toEqual([]);
    const [books] = await database.db.select({ n: count() }).from(textbooks);
    expect(books!.n).toBe(1);
  }

  it('gets nothing from a plain start when it holds an imported catalogue', async () => {
    const line = { externalId: 'real-1', title: '数学一年级上册', stage: '小学', subject: '数学', edition: '人教版' };
    await importTextbooks(database.db, JSON.stringify(line));
    await expectNothingSeeded(plainStart);
  });

  it('gets nothing from a plain start when it has users, nor with DATABASE_URL set', async () => {
    await database.db.insert(users).values({ userName: 'real_teacher', phone: '13912345678', roles: ['teacher'] });
    expect(withDatabaseUrl).toBe(false);
    await expectNothingSeeded(plainStart);
    await expectNothingSeeded(withDatabaseUrl);
  });

  it('gets the demo accounts with SEED_DEMO=true; the administrator password is saved 0600, once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-seed-explicit-'));
    const file = path.join(dataDir, DEMO_ADMIN_PASSWORD_FILE);
    // A stale file from an earlier database is replaced, not trusted.
    fs.writeFileSync(file, 'stale\n', { mode: 0o644 });
    const config = configWith({ seedDemo: loadConfig({ SEED_DEMO: 'true' }).seedDemo, dataDir });
    const first = await start(database, config);
    apps.push(first.app);
    expect(await demoUsers()).toHaveLength(3);
    const password = passwordIn(first.printed)!;
    expect(first.printed).toContain(file);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(password);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await passwordLogin(first.app, '13800000000', password)).json().code).toBe(200);
    // The catalogue held books already: the demo catalogue is not added to it.
    const [books] = await database.db.select({ n: count() }).from(textbooks);
    expect(books!.n).toBe(1);

    const second = await start(database, config);
    apps.push(second.app);
    expect(second.printed).toBe('');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(password);
    expect(await demoUsers()).toHaveLength(3);
    // The demo question bank (the whole real data of data/) is seeded here too: as long as above.
  }, 120_000);
});
