/**
 * Prize activity benchmarks (docs/prize.md): the reading heartbeat at saturation, in process and
 * with Redis, as a ratio to a bare Fastify route of the same run, and the ranking read with 100,000
 * participants.
 *
 * The database (PGlite under the server's DATA_DIR) is prepared once before the servers start:
 * one book, one running activity, HEARTBEAT_USERS readers with sessions, and RANK_USERS
 * participants with random points for the ranking. Each heartbeat request is a different reader
 * (autocannon cycles through them), so at the throughput reached every reader's heartbeats are
 * about a second apart and about every other heartbeat credits a whole second, as in production
 * (where the gap is 30 s) every heartbeat credits. A heartbeat answers from the reading store (in
 * process, or one Lua script in Redis with REDIS_URL, default redis://127.0.0.1:6379) and its
 * credits reach the database in batches, one transaction a second (docs/decisions/012); the batch
 * writes run inside the measured window. The ranking read serves a cached first page and the
 * reader's own rank from the sorted structure.
 *
 * The credit batch write (`writeCredits`, what the write-behind runs once a second) is also timed on
 * its own, on a fresh PGlite database and, when one answers, on PostgreSQL: batches of
 * BATCH_READERS readers who each read a few seconds more, one minute crossed per batch.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ApiPaths, SIGN_HEADERS, signRequest } from '@eav/contract';
import { Redis } from 'ioredis';
import { openDatabase } from '../../apps/server/src/db/client';
import { prizeParticipants, sessions, users } from '../../apps/server/src/db/schema';
import { saveActivity } from '../../apps/server/src/features/prize';
import { writeCredits } from '../../apps/server/src/features/prize/credits';
import type { PendingCredit } from '../../apps/server/src/features/prize/reading';
import { importTextbooks } from '../../apps/server/src/features/textbooks/importer';
import { seedDictionaries } from '../../apps/server/src/seed/dictionaries';
import {
  BENCH_SIGN_SECRET,
  baselineRpsOf,
  startServer,
  type BenchContext,
  fmt,
  percentile,
  type LoadResult,
  type LoadScenario,
  type MeasureScenario,
  type RequestSpec,
  type ScenarioModule,
  type ScenarioState,
} from '../run';
import { benchActivity } from '../activity-fixture';
import { PG_SHOWN_URL, freshDatabase, pgReachable } from '../pg';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HEARTBEAT_USERS = 1_000;
const RANK_USERS = 100_000;
const CODE = 'BENCH-READ';

interface Prepared {
  dataDir: string;
  bookId: number;
  /** Readers (id, token) for heartbeats. */
  readers: { id: number; token: string }[];
  /** A participant in the middle of the ranking who reads it. */
  ranked: { id: number; token: string };
}

let prepared: Promise<Prepared> | undefined;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Creates `n` users with live sessions; answers ids and tokens. */
async function createUsers(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  n: number,
  tag: string,
): Promise<{ id: number; token: string }[]> {
  const out: { id: number; token: string }[] = [];
  const expiresAt = new Date(Date.now() + 7 * 86400_000);
  for (let i = 0; i < n; i += 5000) {
    const batch = Array.from({ length: Math.min(5000, n - i) }, (_, j) => ({
      userName: `${tag}${i + j}`,
      realName: `读者${i + j}号`,
    }));
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    const tokens = rows.map(() => randomBytes(24).toString('base64url'));
    await db.insert(sessions).values(rows.map((r, k) => ({ userId: r.id, tokenHash: sha256(tokens[k]!), expiresAt })));
    rows.forEach((r, k) => out.push({ id: r.id, token: tokens[k]! }));
  }
  return out;
}

/**
 * A migrated database's dictionaries, one book and a running activity `code` on it (caps of a whole
 * day, a point a minute, one prize group); answers the activity.
 */
async function seedActivity(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  code: string,
  title: string,
  now: number,
) {
  await seedDictionaries(db);
  const externalId = `bench-${code.toLowerCase()}-1`;
  await importTextbooks(
    db,
    JSON.stringify({
      externalId,
      title: '义务教育教科书·语文一年级上册',
      stage: '小学',
      subject: '语文',
      edition: '统编版',
    }),
  );
  const { activity } = await saveActivity(db, benchActivity(code, title, [externalId], now), now);
  return activity;
}

function prepare(ctx: BenchContext): Promise<Prepared> {
  prepared ??= (async () => {
    const started = Date.now();
    const dataDir = ctx.tmpDir('eav-bench-prize-');
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const now = Date.now();
    const activity = await seedActivity(database.db, CODE, '压测阅读活动', now);
    const readers = await createUsers(database.db, HEARTBEAT_USERS, 'bench_reader_');
    const rankedUsers = await createUsers(database.db, RANK_USERS, 'bench_ranked_');
    for (let i = 0; i < rankedUsers.length; i += 5000)
      await database.db.insert(prizeParticipants).values(
        rankedUsers.slice(i, i + 5000).map((u) => {
          const points = Math.floor(Math.random() * 2000);
          return {
            activityId: activity.id,
            userId: u.id,
            points,
            available: points,
            reachedAt: new Date(now - Math.floor(Math.random() * 86400_000)),
          };
        }),
      );
    await database.close();
    ctx.log(`prepared ${HEARTBEAT_USERS} readers and ${RANK_USERS} ranked participants in ${Date.now() - started} ms`);
    return { dataDir, bookId: activity.bookIds[0]!, readers, ranked: rankedUsers[RANK_USERS >> 1]! };
  })();
  return prepared;
}

interface PrizeState extends ScenarioState {
  stop(): Promise<void>;
  prep: Prepared;
}

async function redisReachable(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    // A ranking left by an earlier run on another database would be served as built: start clean.
    const keys = await redis.keys('eav:prize:*');
    if (keys.length) await redis.del(...keys);
  } catch (err) {
    throw new Error(`Redis at ${REDIS_URL} is not reachable (set BENCH_REDIS_URL): ${String(err)}`);
  } finally {
    redis.disconnect();
  }
}

function portal(withRedis: boolean, warmReaders: boolean) {
  return async (ctx: BenchContext): Promise<PrizeState> => {
    const prep = await prepare(ctx);
    if (withRedis) await redisReachable();
    const server = await startServer({
      kind: 'portal',
      env: { DATA_DIR: prep.dataDir, SEED_DEMO: 'false', DATABASE_URL: '', REDIS_URL: withRedis ? REDIS_URL : '' },
    });
    const state = { ...server, prep };
    // Every reader's first heartbeat starts their reading session (it credits nothing): send those
    // before measuring, so that the measured heartbeats are the crediting ones.
    const specs = warmReaders ? heartbeats(state) : [];
    for (let i = 0; i < specs.length; i += 20)
      await Promise.all(specs.slice(i, i + 20).map((spec) => signedFetch(state.url, spec)));
    return state;
  };
}

const heartbeats = (s: PrizeState): RequestSpec[] =>
  s.prep.readers.map((r) => ({
    path: ApiPaths.prizeHeartbeat(r.id),
    token: r.token,
    query: { activityCode: CODE, textbookId: s.prep.bookId, sessionId: `bench-session-${r.id}` },
  }));

const rankRead = (s: PrizeState): RequestSpec[] => [
  { path: ApiPaths.prizeRank, token: s.prep.ranked.token, query: { activityCode: CODE, userId: s.prep.ranked.id } },
];

const stop = (s: { stop(): Promise<void> }) => s.stop();

async function signedFetch(url: string, spec: RequestSpec): Promise<void> {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(spec.query ?? {})) if (v !== undefined && v !== '') query[k] = String(v);
  const timestamp = Date.now();
  const sign = signRequest(
    { method: 'GET', path: spec.path, query, token: spec.token ?? '', timestamp },
    BENCH_SIGN_SECRET,
  );
  const res = await fetch(`${url}${spec.path}?${new URLSearchParams(query).toString()}`, {
    headers: {
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: sign,
      ...(spec.token ? { authorization: `Bearer ${spec.token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`${spec.path} answered ${res.status}: ${await res.text()}`);
}

const bare: LoadScenario<ScenarioState & { stop(): Promise<void> }> = {
  name: 'prize: bare Fastify',
  description: 'the baseline of this run: a bare Fastify 5 server answering a constant JSON envelope on `GET /bare`.',
  setup: () => startServer({ kind: 'bare' }),
  requests: () => [{ path: '/bare' }],
  teardown: stop,
};

const heartbeatMemory: LoadScenario<PrizeState> = {
  name: 'heartbeat (in process)',
  description: `\`GET ${ApiPaths.prizeHeartbeat('{userId}')}\` signed, ${HEARTBEAT_USERS.toLocaleString('en')} readers in turn; reading store in process, credits written to PGlite in batches.`,
  baseline: 'prize: bare Fastify',
  setup: portal(false, true),
  requests: heartbeats,
  teardown: stop,
};

const heartbeatRedis: LoadScenario<PrizeState> = {
  name: 'heartbeat (Redis)',
  description: `the same with REDIS_URL: reading store in Redis (one Lua script per heartbeat), ranking in a sorted set.`,
  baseline: 'prize: bare Fastify',
  setup: portal(true, true),
  requests: heartbeats,
  teardown: stop,
};

const rankMemory: LoadScenario<PrizeState> = {
  name: 'ranking, 100,000 participants (in process)',
  description: `\`GET ${ApiPaths.prizeRank}\` for a logged-in participant: top 50 with masked names (cached first page) and own rank; in-process sorted array.`,
  baseline: 'prize: bare Fastify',
  setup: portal(false, false),
  requests: rankRead,
  teardown: stop,
};

const rankRedis: LoadScenario<PrizeState> = {
  name: 'ranking, 100,000 participants (Redis)',
  description: 'the same from a Redis sorted set (first page cached up to 1 s; ZREVRANK and ZSCORE per request).',
  baseline: 'prize: bare Fastify',
  setup: portal(true, false),
  requests: rankRead,
  teardown: stop,
};

const BATCH_READERS = 1_000;
const BATCH_RUNS = 20;
const BATCH_DB = 'eav_bench_credits';

/** Milliseconds of each of BATCH_RUNS batch writes (after 3 unmeasured ones) on one database. */
async function timeBatches(ctx: BenchContext, databaseUrl?: string): Promise<number[]> {
  const database = await openDatabase({ dataDir: ctx.tmpDir('eav-bench-credits-'), databaseUrl });
  try {
    await database.migrate();
    const now = Date.now();
    const activity = await seedActivity(database.db, 'BENCH-CREDITS', '压测积分写入', now);
    const readers = await database.db
      .insert(users)
      .values(Array.from({ length: BATCH_READERS }, (_, i) => ({ userName: `bench_credit_${i}` })))
      .returning({ id: users.id });
    const book = String(activity.bookIds[0]!);
    const day = new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
    const times: number[] = [];
    // Each batch: every reader 20 s further into the day, so every third batch crosses a minute.
    for (let run = 0, seconds = 0; run < BATCH_RUNS + 3; run++, seconds += 20) {
      const entries: PendingCredit[] = readers.map((r) => ({
        a: activity.id,
        u: r.id,
        d: { [day]: { b: { [book]: seconds + 20 }, s: seconds + 20, f: seconds } },
        r: now,
        m: 1,
      }));
      const started = performance.now();
      await writeCredits(database.db, entries, now);
      if (run >= 3) times.push(performance.now() - started);
    }
    return times.sort((x, y) => x - y);
  } finally {
    await database.close();
  }
}

const batchWrite: MeasureScenario<ScenarioState> = {
  name: `credit batch write, ${BATCH_READERS.toLocaleString('en')} readers`,
  description: `\`writeCredits\` of ${BATCH_READERS.toLocaleString('en')} readers' pending credits in one transaction (reading time, ledger lines of the minutes crossed, participant totals), ${BATCH_RUNS} batches per database.`,
  setup: async () => ({ url: '' }),
  async measure(_state, ctx) {
    const rows: (string | number)[][] = [];
    const row = (engine: string, t: number[]) => [
      engine,
      fmt(percentile(t, 0.5), 1),
      fmt(percentile(t, 0.9), 1),
      fmt((1000 * BATCH_READERS) / percentile(t, 0.5)),
    ];
    rows.push(row('PGlite', await timeBatches(ctx)));
    const notes: string[] = [];
    if (await pgReachable()) {
      const fresh = await freshDatabase(BATCH_DB);
      try {
        rows.push(row('PostgreSQL', await timeBatches(ctx, fresh.url)));
      } finally {
        await fresh.drop();
      }
    } else notes.push(`PostgreSQL skipped: no server at ${PG_SHOWN_URL}.`);
    return {
      table: { columns: ['database', 'p50 (ms)', 'p90 (ms)', 'readers written per second (p50)'], rows },
      notes,
    };
  },
  teardown: async () => {},
};

/** The verdict on the aim (heartbeat ≥ 50 % of bare Fastify) and what bounds the heartbeat. */
function summarize(results: LoadResult[]): string {
  const lines = [];
  for (const r of results.filter((x) => x.name.startsWith('heartbeat'))) {
    const bareRps = baselineRpsOf(r, results, bare.name);
    if (!bareRps) continue;
    const share = (100 * r.rps) / bareRps;
    lines.push(
      `- **${r.name}**: ${share.toFixed(1)} % of bare Fastify; aim ≥ 50 %: ${share >= 50 ? 'met' : 'not met'}.`,
    );
  }
  if (lines.length)
    lines.push(
      '- A heartbeat is a signed, authenticated request plus one step on the reading store (in process, or one ' +
        'Lua script in Redis); its credits are written to the database in batches, one transaction a second for ' +
        'every reader who read (docs/decisions/012-heartbeat-write-behind.md). What is left is the price of a ' +
        'signed, authenticated request (signature check, session lookup) and the batch writes in the same process.',
    );
  return lines.join('\n');
}

const prize: ScenarioModule = {
  title: 'Prize activity: heartbeat and ranking',
  intro: [
    'The reading heartbeat at saturation (answered from the reading store, credits written in batches) and the ' +
      'ranking read with 100,000 participants, in process and with Redis, against a bare Fastify route of the same run ' +
      '(docs/prize.md; aim: heartbeat ≥ 50 % of bare Fastify).',
  ],
  scenarios: [bare, heartbeatMemory, heartbeatRedis, rankMemory, rankRedis, batchWrite],
  summarize,
};

export default prize;
