/**
 * The proof of the production layout (docs/operations.md, Proof):
 * `npm run proof [-- --duration=600] [--users=30] [--scale=20] [--grace=5] [--write] [--keep]`.
 *
 * On this machine it creates a throwaway PostgreSQL database, a private Redis and an S3 protocol
 * server (s3rver), starts two portal instances from the built server (apps/server/dist) together
 * (one migrates under the advisory lock, the other waits), each with a DATA_DIR of its own and its
 * stored files in the bucket (FILE_STORAGE=s3), as on two machines, puts nginx in front with the
 * shipped site (deploy/nginx/eav-portal.conf, made to listen on loopback without TLS), checks that
 * what one instance stores or starts the other serves or follows (files.ts), and then:
 *
 * 1. throughput of the mix through nginx with one instance upstream, then with both (`--scale`
 *    seconds each, no think time);
 * 2. a soak of `--duration` seconds with think time, during which, at fixed fractions of the
 *    duration, one instance is killed (SIGKILL) and restarted, Redis crashes and restarts, the
 *    database refuses connections for 3 s, and the other instance is stopped gracefully (SIGTERM)
 *    under load and restarted;
 * 3. the database checks (checks.ts) against what the answers claimed.
 *
 * A fault's window runs from its start to its recovery plus `--grace` seconds; 5xx answers (and
 * requests without an answer) inside a window are reported per fault, any outside fail the
 * proof, as do a lost or doubled write, a draw over stock, a doubly credited reading interval
 * and a 401 on a session that was logged in (sessions live in PostgreSQL, so they survive any
 * instance). The instances run with NODE_ENV=test only so that the image captcha can have a
 * fixed answer for the logins (refused in production); everything else is set as in
 * deploy/env.example: TRUST_PROXY, METRICS, no API docs, no fake identity providers.
 */
import { randomBytes, createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execSync } from 'node:child_process';
import { ApiPaths } from '@eav/contract';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { prizeParticipants, sessions, users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/features/accounts/password';
import { generateCodes } from '../../apps/server/src/features/textbooks/activation';
import { demoActivityBooks } from '../activity-fixture';
import { fmt, markdownTable, percentile, writeSection, type Table } from '../run';
import { startTestS3, type TestS3 } from '../../apps/server/test/s3-server';
import { checkDatabase, type Check } from './checks';
import { localStoredFiles, sharedFileChecks, signedFetch } from './files';
import {
  createDatabase,
  freePort,
  portalInstance,
  sleep,
  startNginx,
  startRedis,
  type Instance,
  type ProofDatabase,
  type ProofNginx,
  type ProofRedis,
} from './infra';
import { KINDS, Recorder, runLoad, type Fixture, type Sample } from './load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CAPTCHA_CODE = '2468';
const LOGIN_PASSWORD = 'Proof2026pass';

interface Cli {
  durationSec: number;
  users: number;
  scaleSec: number;
  graceSec: number;
  write: boolean;
  keep: boolean;
}

function parseArgs(argv: string[]): Cli {
  const cli: Cli = { durationSec: 600, users: 30, scaleSec: 20, graceSec: 5, write: false, keep: false };
  for (const arg of argv) {
    const [key, value] = arg.split('=', 2);
    const n = Number(value);
    if (key === '--duration' && n >= 40) cli.durationSec = Math.floor(n);
    else if (key === '--users' && n >= 2 && n <= 200) cli.users = Math.floor(n);
    else if (key === '--scale' && n >= 0) cli.scaleSec = Math.floor(n);
    else if (key === '--grace' && n >= 0) cli.graceSec = n;
    else if (key === '--write') cli.write = true;
    else if (key === '--keep') cli.keep = true;
    else throw new Error(`unknown or invalid option ${arg} (--duration needs at least 40 s)`);
  }
  return cli;
}

/** A fault: its name, and from when to when (ms since the recorder's epoch) it lasted until recovery. */
interface Fault {
  name: string;
  start: number;
  recovered: number;
}

const log = (message: string) => console.log(`[proof +${Math.round(performance.now() / 1000)}s] ${message}`);

async function main(): Promise<void> {
  const cli = parseArgs(process.argv.slice(2));
  const started = Date.now();
  for (const f of ['apps/server/dist/main.js', 'apps/web/dist/index.html'])
    if (!fs.existsSync(path.join(ROOT, f))) throw new Error(`${f} is missing: run \`npm run build\` first`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-proof-'));
  // nginx workers (user nobody under a root master) write their temp files below it.
  fs.chmodSync(dir, 0o755);
  const adminUrl = process.env.PROOF_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let db: ProofDatabase | undefined;
  let redis: ProofRedis | undefined;
  let store: TestS3 | undefined;
  let nginx: ProofNginx | undefined;
  const instances: Instance[] = [];
  const cleanup = async () => {
    await nginx?.stop().catch(() => {});
    await Promise.all(instances.map((i) => i.terminate().catch(() => {})));
    await redis?.stop().catch(() => {});
    await store?.close().catch(() => {});
    await db?.drop().catch((err: unknown) => console.error(`dropping the proof database failed: ${String(err)}`));
    if (!cli.keep) fs.rmSync(dir, { recursive: true, force: true });
    else log(`kept ${dir} (instance logs, nginx logs and configuration)`);
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  let failed = false;
  try {
    db = await createDatabase(adminUrl);
    fs.mkdirSync(path.join(dir, 'redis'));
    redis = await startRedis(path.join(dir, 'redis'));
    store = await startTestS3('eav-proof');
    const s3 = store.config;
    log(`database ${db.name}, private Redis ${redis.url}, object store ${s3.endpoint}, files in ${dir}`);

    const signSecret = `proof-${randomBytes(24).toString('base64url')}`;
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      EAV_SIGN_SECRET: signSecret,
      URL_SIGNING_SECRET: randomBytes(24).toString('base64url'),
      TRUST_PROXY: 'true',
      METRICS: 'on',
      API_DOCS: 'false',
      FAKE_IDP: 'false',
      SMS_PROVIDER: 'dev',
      CAPTCHA_FIXED_CODE: CAPTCHA_CODE,
      FILE_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: String(s3.forcePathStyle),
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // A DATA_DIR each, as on two machines: whatever they share is in PostgreSQL, Redis or the bucket.
    // Only the first seeds the demo catalogue.
    const dataDirs = { 'portal-a': path.join(dir, 'data-a'), 'portal-b': path.join(dir, 'data-b') };
    const a = portalInstance(ROOT, dir, 'portal-a', portA!, {
      ...env,
      DATA_DIR: dataDirs['portal-a'],
      SEED_DEMO: 'true',
    });
    const b = portalInstance(ROOT, dir, 'portal-b', portB!, {
      ...env,
      DATA_DIR: dataDirs['portal-b'],
      SEED_DEMO: 'false',
    });
    instances.push(a, b);
    const t0 = performance.now();
    await Promise.all([a.start(), b.start()]);
    log(`both instances ready in ${fmt((performance.now() - t0) / 1000, 1)} s (started together on an empty database)`);
    const startup = await startupChecks(db.url);

    const prepared = await prepare(db.url, signSecret, cli);
    const { fixture } = prepared;
    log(
      `prepared ${fixture.loginUsers.length} login accounts, ${fixture.pool.length} pupils with sessions, ` +
        `${[...fixture.codes.values()].reduce((s, c) => s + c.length, 0)} activation codes on ${fixture.codes.size} books`,
    );
    const t1 = performance.now();
    const shared = await sharedFileChecks({
      a,
      b,
      store: s3.endpoint,
      secret: signSecret,
      operator: prepared.operator,
      coverBook: [...fixture.codes.keys()][0]!,
      readableBook: fixture.activityBooks[0]!,
    });
    log(
      `shared files and import jobs across the instances: ${shared.filter((c) => !c.failed).length} of ${shared.length} ` +
        `checks held in ${fmt((performance.now() - t1) / 1000, 1)} s`,
    );

    const rec = new Recorder();
    const phases: { name: string; seconds: number; instances: number }[] = [];
    fs.mkdirSync(path.join(dir, 'nginx'));
    nginx = await startNginx(ROOT, path.join(dir, 'nginx'), cli.scaleSec > 0 ? [portA!] : [portA!, portB!]);
    log(`nginx ${nginx.url} (shipped site, upstream ${cli.scaleSec > 0 ? 'portal-a only' : 'both'})`);

    if (cli.scaleSec > 0) {
      for (const [name, ports] of [
        ['one instance', [portA!]],
        ['two instances', [portA!, portB!]],
      ] as const) {
        if (name === 'two instances') await nginx.reload([...ports]);
        log(`saturation run, ${name}: ${cli.users} users without think time for ${cli.scaleSec} s`);
        await timed(rec, name, cli.scaleSec, (signal) =>
          runLoad(fixture, rec, { url: nginx!.url, users: cli.users, thinkMs: [0, 0], heartbeatEverySec: 2 }, signal),
        );
        phases.push({ name, seconds: cli.scaleSec, instances: ports.length });
      }
    }

    log(`soak: ${cli.users} users with think time for ${cli.durationSec} s, faults at 15 %, 35 %, 55 % and 75 %`);
    const faults: Fault[] = [];
    const soakStart = rec.now();
    const soakStartEpoch = Date.now();
    const at = async (fraction: number, name: string, action: () => Promise<void>) => {
      await sleep(Math.max(0, soakStart + fraction * cli.durationSec * 1000 - rec.now()));
      log(`fault: ${name}`);
      const start = rec.now();
      await action();
      faults.push({ name, start, recovered: rec.now() });
      log(`recovered from "${name}" after ${fmt((rec.now() - start) / 1000, 1)} s`);
    };
    let sessionProbe = { ok: 0, failed: 0 };
    let graceful: { code: number | null; ms: number } | undefined;
    await timed(rec, 'soak', cli.durationSec, async (signal) => {
      const load = runLoad(
        fixture,
        rec,
        { url: nginx!.url, users: cli.users, thinkMs: [20, 200], heartbeatEverySec: 2 },
        signal,
      );
      const chaos = (async () => {
        await at(0.15, 'portal-b killed (SIGKILL), restarted 3 s later', async () => {
          await b.kill();
          await sleep(3000);
          await b.start();
          sessionProbe = await probeSessions(prepared.probeUsers, [a, b], signSecret);
        });
        await at(0.35, 'Redis crashed (SIGKILL), restarted empty 3 s later', () => redis!.crash(3000));
        await at(0.55, 'PostgreSQL refuses the database for 3 s, its connections terminated', () => db!.outage(3000));
        await at(0.75, 'portal-a stopped gracefully (SIGTERM) under load, then restarted', async () => {
          const t = performance.now();
          graceful = { code: await a.terminate(), ms: performance.now() - t };
          log(`portal-a exited with code ${graceful.code} ${fmt(graceful.ms)} ms after SIGTERM`);
          await a.start();
        });
      })();
      await Promise.all([load, chaos]);
    });
    phases.push({ name: 'soak', seconds: cli.durationSec, instances: 2 });
    const soakEndEpoch = Date.now();

    // Graceful stops write the pending heartbeat credits (docs/prize.md, Write-behind) before the checks.
    log('stopping the instances gracefully, then checking the database');
    await nginx.stop();
    nginx = undefined;
    await Promise.all(instances.map((i) => i.terminate()));
    const checks = [
      ...startup,
      ...shared,
      await localStoredFiles(dataDirs),
      ...(await checkDatabase(db.url, rec, prepared.activityId)),
    ];
    checks.push({
      name: 'sessions: logged-in users stay logged in across every fault',
      failed: rec.samples.filter((s) => s.authed && s.status === 401).length + sessionProbe.failed,
      detail:
        `${rec.samples.filter((s) => s.authed).length} requests with a session, ` +
        `${rec.samples.filter((s) => s.authed && s.status === 401).length} answered 401; ` +
        `after the restart ${sessionProbe.ok} of ${sessionProbe.ok + sessionProbe.failed} sessions from before the kill accepted by both instances`,
    });
    checks.push({
      name: 'graceful stop: SIGTERM under load exits 0 before the forced exit (10 s)',
      failed: graceful?.code === 0 && graceful.ms < 10_000 ? 0 : 1,
      detail: graceful ? `exit code ${graceful.code} after ${fmt(graceful.ms)} ms` : 'not reached',
    });
    const errorWindows = windows(rec, faults, cli.graceSec * 1000);
    checks.push({
      name: 'no 5xx (or unanswered request) outside the fault windows',
      failed: errorWindows.outside.length,
      detail: errorWindows.outside.length
        ? errorWindows.outside
            .slice(0, 5)
            .map((s) => `${s.kind} ${s.status || 'no answer'} at ${fmt(s.at / 1000, 1)} s`)
            .join(', ')
        : `${rec.samples.length} answers, every 5xx inside a fault window`,
    });

    const report = buildReport({
      cli,
      rec,
      phases,
      faults,
      errorWindows,
      checks,
      perInstance: perInstance(path.join(dir, 'nginx', 'access.log'), soakStartEpoch, soakEndEpoch, {
        [`127.0.0.1:${portA}`]: 'portal-a',
        [`127.0.0.1:${portB}`]: 'portal-b',
      }),
      instanceErrors: Object.fromEntries(
        instances.map((i) => [i.name, countErrorLines(path.join(dir, `${i.name}.log`))]),
      ),
      soakStart,
      wallSec: (Date.now() - started) / 1000,
    });
    console.log(`\n${report}\n`);
    failed = checks.some((c) => !c.info && c.failed > 0);
    if (cli.write) {
      await writeSection('proof', report);
      log('written to docs/benchmarks.md (section proof)');
    }
  } finally {
    await cleanup();
  }
  log(`took ${fmt((Date.now() - started) / 1000)} s`);
  if (failed) {
    console.error('proof: FAILED (see the checks above)');
    process.exitCode = 1;
  } else console.log('proof: passed');
}

/** Runs `body` with a signal aborted after `seconds`, recording its answers under `phase`. */
async function timed(rec: Recorder, phase: string, seconds: number, body: (signal: AbortSignal) => Promise<void>) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), seconds * 1000);
  rec.phase = phase;
  try {
    await body(controller.signal);
  } finally {
    clearTimeout(timer);
    rec.phase = undefined;
  }
}

/** What the instances' simultaneous start left: every migration applied once, the start-up seed not doubled. */
async function startupChecks(databaseUrl: string): Promise<Check[]> {
  const journal = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'apps', 'server', 'drizzle', 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const [m] = (await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as {
      n: number;
    }[];
    const doubled = (await database.db.execute(
      sql`select title from banner group by title having count(*) > 1`,
    )) as unknown as unknown[];
    return [
      {
        name: 'start: two instances together apply each migration once',
        failed: m?.n === journal.entries.length ? 0 : 1,
        detail: `${m?.n ?? 0} migrations recorded, ${journal.entries.length} in the journal`,
      },
      {
        name: 'start: the start-up seed is not doubled',
        failed: doubled.length,
        detail: doubled.length ? `${doubled.length} banners seeded twice` : 'dictionaries and banners seeded once',
      },
    ];
  } finally {
    await database.close();
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The proof's accounts and codes, written with the server's own services: one login account per
 * virtual user (password, logs in through nginx), a pool of pupils with sessions who redeem and
 * draw (each with points for the activity's draws), activation codes for books outside the
 * activity, and a console operator whose session passed the second factor (files.ts). The
 * activity is the demo seed's running one.
 */
async function prepare(databaseUrl: string, signSecret: string, cli: Cli) {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const { db } = database;
    const { activity, activityBooks, codeBooks } = await demoActivityBooks(db);

    const passwordHash = await hashPassword(LOGIN_PASSWORD);
    const loginRows = await db
      .insert(users)
      .values(
        Array.from({ length: cli.users }, (_, i) => ({
          userName: `proof_reader_${i}`,
          realName: `读者${i}号`,
          passwordHash,
        })),
      )
      .returning({ id: users.id, userName: users.userName });

    // Enough pupils that none reaches the activation lockout (10 wrong codes an hour: each lost race
    // counts) or runs out of draws (a draw every 2 s per user at most, three per pupil): one pupil
    // per 4 user-seconds of the whole run.
    const poolSize = Math.ceil((cli.users * (cli.durationSec + 2 * cli.scaleSec)) / 4) + 100;
    const expiresAt = new Date(Date.now() + 7 * 86400_000);
    const pool: { id: number; token: string }[] = [];
    for (let i = 0; i < poolSize; i += 1000) {
      const rows = await db
        .insert(users)
        .values(Array.from({ length: Math.min(1000, poolSize - i) }, (_, j) => ({ userName: `proof_pupil_${i + j}` })))
        .returning({ id: users.id });
      const tokens = rows.map(() => randomBytes(24).toString('base64url'));
      await db
        .insert(sessions)
        .values(rows.map((r, k) => ({ userId: r.id, tokenHash: sha256(tokens[k]!), expiresAt })));
      await db.insert(prizeParticipants).values(
        rows.map((r) => ({
          activityId: activity.id,
          userId: r.id,
          points: 0,
          available: activity.drawCost * activity.perUserPrizeLimit,
        })),
      );
      rows.forEach((r, k) => pool.push({ id: r.id, token: tokens[k]! }));
    }

    // One redeem pair every 3 s per user at most; a few spare.
    const perBook =
      Math.ceil((cli.users * (cli.durationSec + 2 * cli.scaleSec)) / 3 / Math.max(1, codeBooks.length)) + 20;
    const codes = new Map<number, string[]>();
    for (const id of codeBooks)
      codes.set(id, await generateCodes(db, { textbookId: id, count: perBook, batch: 'proof' }));

    const fixture: Fixture = {
      signSecret,
      captchaCode: CAPTCHA_CODE,
      activityCode: activity.code,
      activityBooks,
      codes,
      loginUsers: loginRows.map((r) => ({ id: r.id, userName: r.userName, password: LOGIN_PASSWORD })),
      // The last ten are kept for the session probe.
      pool: pool.slice(0, -10),
      drawsPerUser: activity.perUserPrizeLimit,
    };
    const [operator] = await db
      .insert(users)
      .values({ userName: 'proof_operator', realName: '验证运营', roles: ['admin'] })
      .returning({ id: users.id });
    const operatorToken = randomBytes(24).toString('base64url');
    await db
      .insert(sessions)
      .values({ userId: operator!.id, tokenHash: sha256(operatorToken), expiresAt, mfaAt: new Date() });
    return {
      fixture,
      activityId: activity.id,
      probeUsers: pool.slice(-10),
      operator: { id: operator!.id, token: operatorToken },
    };
  } finally {
    await database.close();
  }
}

/**
 * Sessions made before an instance was killed are accepted by both instances after its restart
 * (sessions live in PostgreSQL): a signed `GET /api/v1/users/{id}` on each instance directly.
 */
async function probeSessions(probe: { id: number; token: string }[], instances: Instance[], secret: string) {
  let ok = 0;
  let failed = 0;
  for (const u of probe)
    for (const i of instances) {
      const res = await signedFetch(i.url, ApiPaths.user(u.id), secret, { token: u.token }).catch(() => undefined);
      if (res?.status === 200) ok++;
      else failed++;
    }
  return { ok, failed };
}

interface ErrorWindows {
  outside: Sample[];
  byFault: { fault: Fault; until: number; errors: Sample[]; byKind: Map<string, number> }[];
}

/** Server errors and unanswered requests, inside each fault's window (start .. recovery + grace) or outside all. */
function windows(rec: Recorder, faults: Fault[], graceMs: number): ErrorWindows {
  const byFault = faults.map((fault) => ({
    fault,
    until: fault.recovered + graceMs,
    errors: [] as Sample[],
    byKind: new Map<string, number>(),
  }));
  const outside: Sample[] = [];
  for (const s of rec.samples) {
    if (s.status !== 0 && s.status < 500) continue;
    // The request overlaps the window: sent before it ended and answered after it began.
    const w = byFault.find((f) => s.at <= f.until && s.at + s.ms >= f.fault.start);
    if (!w) outside.push(s);
    else {
      w.errors.push(s);
      const key = `${s.kind} ${s.status || 'none'}`;
      w.byKind.set(key, (w.byKind.get(key) ?? 0) + 1);
    }
  }
  return { outside, byFault };
}

/** Requests per instance during the soak, from nginx's access log (the last instance tried answered). */
function perInstance(accessLog: string, from: number, to: number, names: Record<string, string>) {
  const counts = new Map<string, number>();
  for (const line of fs.readFileSync(accessLog, 'utf8').split('\n')) {
    // `$msec $status $upstream_addr|...`; after a retry $upstream_addr is "a, b".
    const m = /^(\S+) \d+ (.*?)\|/.exec(line);
    const t = Number(m?.[1]) * 1000;
    if (!m || !(t >= from && t <= to)) continue;
    const last = m[2]!.split(',').pop()!.trim();
    const name = names[last] ?? (last === '-' ? 'nginx itself' : last);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return { counts, seconds: (to - from) / 1000 };
}

/** Log lines at error level or above (pino: 50 error, 60 fatal). */
function countErrorLines(file: string): number {
  if (!fs.existsSync(file)) return 0;
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => /"level":(50|60)\b/.test(l)).length;
}

function latencyTable(samples: Sample[]): Table {
  const rows: (string | number)[][] = [];
  for (const kind of KINDS) {
    const list = samples.filter((s) => s.kind === kind);
    if (!list.length) continue;
    const ms = list.map((s) => s.ms).sort((x, y) => x - y);
    const statuses = new Map<number, number>();
    for (const s of list) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    rows.push([
      kind,
      fmt(list.length),
      fmt(percentile(ms, 0.5), 1),
      fmt(percentile(ms, 0.99), 1),
      [...statuses]
        .sort((x, y) => x[0] - y[0])
        .map(([st, n]) => `${st || 'none'}: ${fmt(n)}`)
        .join(', '),
    ]);
  }
  return { columns: ['request', 'answers', 'p50 (ms)', 'p99 (ms)', 'statuses'], rows };
}

function buildReport(r: {
  cli: Cli;
  rec: Recorder;
  phases: { name: string; seconds: number; instances: number }[];
  faults: Fault[];
  errorWindows: ErrorWindows;
  checks: Check[];
  perInstance: { counts: Map<string, number>; seconds: number };
  instanceErrors: Record<string, number>;
  soakStart: number;
  wallSec: number;
}): string {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // not a git checkout
  }
  const parts: string[] = [];
  parts.push('## Proof: two instances behind nginx, soak with faults');
  parts.push(
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} cores ` +
      `(${cpus[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, commit ${commit}: \`npm run proof -- ` +
      `--duration=${r.cli.durationSec}\`, ${r.cli.users} virtual users, took ${fmt(r.wallSec)} s end to end. ` +
      'nginx, both instances, PostgreSQL, Redis and the load generator share the machine, all on 127.0.0.1 ' +
      '(docs/operations.md, Proof).',
  );
  const scale = r.phases.filter((p) => p.name !== 'soak');
  if (scale.length) {
    const rows = scale.map((p) => {
      const s = r.rec.phaseSamples.get(p.name) ?? [];
      const ms = s.map((x) => x.ms).sort((x, y) => x - y);
      return [
        p.name,
        fmt(s.length / p.seconds),
        fmt(percentile(ms, 0.5), 1),
        fmt(percentile(ms, 0.99), 1),
        s.filter((x) => x.status === 0 || x.status >= 500).length,
      ];
    });
    const one = (r.rec.phaseSamples.get('one instance') ?? []).length;
    const two = (r.rec.phaseSamples.get('two instances') ?? []).length;
    parts.push(
      `### One instance vs two\n\nThe mix without think time through nginx, ${scale[0]!.seconds} s each. ` +
        `Two instances: ${one ? fmt((two / one) * 100) : '—'} % of one instance's requests/s. Both instances ` +
        `share the machine's ${os.cpus().length} cores with nginx, PostgreSQL, Redis and the load generator, so ` +
        'the ratio shows what running a second instance costs or gains on this machine, not how the portal ' +
        'scales on a machine with a core per instance.\n\n' +
        markdownTable({ columns: ['upstream', 'requests/s', 'p50 (ms)', 'p99 (ms)', '5xx'], rows }),
    );
  }
  const soak = r.rec.phaseSamples.get('soak') ?? [];
  const total = [...r.perInstance.counts.values()].reduce((a, b) => a + b, 0);
  parts.push(
    `### Soak, ${r.cli.durationSec} s\n\n${fmt(soak.length)} answers, ${fmt(soak.length / r.cli.durationSec)} requests/s ` +
      `through nginx; per instance (nginx's access log): ` +
      [...r.perInstance.counts]
        .sort()
        .map(([n, c]) => `${n} ${fmt(c / r.perInstance.seconds)} req/s (${fmt((c / Math.max(total, 1)) * 100)} %)`)
        .join(', ') +
      `. Error lines in the instances' logs: ${Object.entries(r.instanceErrors)
        .map(([n, c]) => `${n} ${c}`)
        .join(', ')}.\n\n` +
      markdownTable(latencyTable(soak)),
  );
  parts.push(
    `### Faults\n\nWindow: from the fault to its recovery plus ${r.cli.graceSec} s.\n\n` +
      markdownTable({
        columns: ['fault', 'at (s)', 'recovered after (s)', '5xx or no answer in its window'],
        rows: r.errorWindows.byFault.map((w) => [
          w.fault.name,
          fmt((w.fault.start - r.soakStart) / 1000, 1),
          fmt((w.fault.recovered - w.fault.start) / 1000, 1),
          w.errors.length
            ? `${w.errors.length}: ${[...w.byKind]
                .sort((x, y) => y[1] - x[1])
                .map(([k, n]) => `${k} ×${n}`)
                .join(', ')}`
            : '0',
        ]),
      }) +
      `\n\nOutside the windows: ${r.errorWindows.outside.length}.`,
  );
  parts.push(
    '### Checks\n\n' +
      markdownTable({
        columns: ['check', 'result', 'what was counted'],
        rows: r.checks.map((c) => [c.name, c.info ? 'info' : c.failed ? `FAILED (${c.failed})` : 'held', c.detail]),
      }),
  );
  return parts.join('\n\n');
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
