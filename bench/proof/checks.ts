/**
 * What the database says after the soak, against what the answers claimed (load.ts): codes
 * redeemed at most once and exactly as answered, draws within stock and the per-user limit,
 * reading time never credited twice. Run after the instances were stopped gracefully, so that the
 * heartbeat credits written behind (docs/prize.md, Write-behind) have reached PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { normalizeActivationCode } from '@eav/contract';
import postgres from 'postgres';
import type { Recorder } from './load';

/** One verdict: `failed` counts violations (0 = held); `detail` says what was counted. */
export interface Check {
  name: string;
  failed: number;
  detail: string;
  /** Informational only: never fails the proof. */
  info?: boolean;
}

/**
 * Credits a Redis crash may take from one reader: they wait in Redis for the next batch write (every
 * second, docs/prize.md, Write-behind), and the proof's readers beat every 2 s, so at most the
 * credits of one heartbeat, rounded up.
 */
const CRASH_LOSS_PER_READER_SEC = 3;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Compares the database of `databaseUrl` with the claims the load recorded. */
export async function checkDatabase(databaseUrl: string, rec: Recorder, activityId: number): Promise<Check[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return [
      ...(await activationChecks(sql, rec)),
      ...(await drawChecks(sql, rec, activityId)),
      ...(await readingChecks(sql, rec, activityId)),
    ];
  } finally {
    await sql.end();
  }
}

async function activationChecks(sql: postgres.Sql, rec: Recorder): Promise<Check[]> {
  const codes = await sql<{ id: string; code_hash: string; used_by: number | null }[]>`
    select id::text, code_hash, used_by from activation_codes where batch = 'proof'`;
  const owners = await sql<{ code_id: string; user_id: number; n: number }[]>`
    select activation_code_id::text as code_id, min(user_id) as user_id, count(*)::int as n
    from user_textbooks where activation_code_id is not null group by activation_code_id`;
  const byHash = new Map(codes.map((c) => [c.code_hash, c]));
  const ownersByCode = new Map(owners.map((o) => [o.code_id, o]));

  // A success that redeemed (not "already owned") must be the code's one redeemer in the database.
  const winners = new Map<string, Set<number>>();
  let lost = 0;
  const successes = rec.redeems.filter((r) => !r.alreadyOwned);
  for (const r of successes) {
    const hash = sha256(normalizeActivationCode(r.code));
    let set = winners.get(hash);
    if (!set) winners.set(hash, (set = new Set()));
    set.add(r.userId);
    if (byHash.get(hash)?.used_by !== r.userId) lost++;
  }
  const doubleAnswered = [...winners.values()].filter((s) => s.size > 1).length;

  // Every used code: one ownership row, of its redeemer; and the redeemer was one of those who sent it.
  const senders = new Map(rec.contested.map((c) => [sha256(normalizeActivationCode(c.code)), new Set(c.users)]));
  let rowMismatch = 0;
  let strangers = 0;
  let usedWithoutAnswer = 0;
  const used = codes.filter((c) => c.used_by !== null);
  for (const c of used) {
    const o = ownersByCode.get(c.id);
    if (!o || o.n !== 1 || o.user_id !== c.used_by) rowMismatch++;
    if (!senders.get(c.code_hash)?.has(c.used_by!)) strangers++;
    if (!winners.has(c.code_hash)) usedWithoutAnswer++;
  }
  return [
    {
      name: 'activation: each successful redeem is its code’s redeemer in the database',
      failed: lost,
      detail: `${successes.length} successful redeems answered, ${lost} not found as answered (lost writes)`,
    },
    {
      name: 'activation: no code redeemed twice',
      failed: doubleAnswered + rowMismatch + strangers,
      detail:
        `${rec.contested.length} codes each sent by two users at once; ${used.length} codes used; ` +
        `${doubleAnswered} answered as redeemed to two users, ${rowMismatch} without exactly one ownership row ` +
        `of the redeemer, ${strangers} redeemed by a user who never sent it`,
    },
    {
      name: 'activation: redeemed although the answer was lost',
      failed: 0,
      info: true,
      detail: `${usedWithoutAnswer} codes (answers cut off by a fault; the redeem itself happened once)`,
    },
  ];
}

async function drawChecks(sql: postgres.Sql, rec: Recorder, activityId: number): Promise<Check[]> {
  const draws = await sql<{ id: string; user_id: number | null; awarded_group_id: number }[]>`
    select id::text, user_id, awarded_group_id from prize_draws where activity_id = ${activityId}`;
  const groups = await sql<{ id: number; name: string; quantity: number; stock: number }[]>`
    select id, name, quantity, stock from prize_groups where activity_id = ${activityId} order by sort_order, id`;
  const [activity] = await sql<{ per_user_prize_limit: number }[]>`
    select per_user_prize_limit from prize_activities where id = ${activityId}`;
  const participants = await sql<{ user_id: number; draws: number }[]>`
    select user_id, draws from prize_participants where activity_id = ${activityId} and draws > 0`;

  const byId = new Map(draws.map((d) => [d.id, d]));
  const lost = rec.draws.filter((c) => byId.get(String(c.drawId))?.user_id !== c.userId).length;
  const claimedBy = new Map<number, number>();
  let shared = 0;
  for (const c of rec.draws) {
    const other = claimedBy.get(c.drawId);
    if (other !== undefined && other !== c.userId) shared++;
    claimedBy.set(c.drawId, c.userId);
  }

  const awarded = new Map<number, number>();
  for (const d of draws) awarded.set(d.awarded_group_id, (awarded.get(d.awarded_group_id) ?? 0) + 1);
  const overStock = groups.filter((g) => (awarded.get(g.id) ?? 0) > g.quantity);
  const stockDrift = groups.filter((g) => g.stock !== g.quantity - (awarded.get(g.id) ?? 0));
  const perUser = new Map<number, number>();
  for (const d of draws) if (d.user_id !== null) perUser.set(d.user_id, (perUser.get(d.user_id) ?? 0) + 1);
  const limit = activity?.per_user_prize_limit ?? Infinity;
  const overLimit = [...perUser.values()].filter((n) => n > limit).length;
  const counterDrift = participants.filter((p) => p.draws !== (perUser.get(p.user_id) ?? 0)).length;
  return [
    {
      name: 'draws: each successful draw is in the database',
      failed: lost + shared,
      detail: `${rec.draws.length} draws answered, ${lost} missing or of another user, ${shared} draw ids answered to two users`,
    },
    {
      name: 'draws: a retry with the same requestId answers the same draw',
      failed: rec.drawRetryMismatches.length,
      detail: rec.drawRetryMismatches.length
        ? rec.drawRetryMismatches.slice(0, 3).join('; ')
        : 'every repeated requestId answered its first draw',
    },
    {
      name: 'draws: every prize group within its stock',
      failed: overStock.length + stockDrift.length,
      detail: groups.map((g) => `${g.name} ${awarded.get(g.id) ?? 0}/${g.quantity} (stock left ${g.stock})`).join(', '),
    },
    {
      name: 'draws: per-user limit and counters',
      failed: overLimit + counterDrift,
      detail: `${perUser.size} users drew; ${overLimit} above the limit of ${limit}, ${counterDrift} participant counters off`,
    },
  ];
}

async function readingChecks(sql: postgres.Sql, rec: Recorder, activityId: number): Promise<Check[]> {
  const rows = await sql<{ user_id: number; day: string; seconds: number }[]>`
    select user_id, day::text, sum(seconds)::int as seconds from prize_reading_time
    where activity_id = ${activityId} group by user_id, day`;
  const ledger = await sql<{ user_id: number; day: string; n: number }[]>`
    select user_id, split_part(reference, '#', 1) as day, count(*)::int as n from prize_points_ledger
    where activity_id = ${activityId} and reason = 'reading' group by user_id, split_part(reference, '#', 1)`;
  const [caps] = await sql<
    { daily: number }[]
  >`select daily_cap_seconds as daily from prize_activities where id = ${activityId}`;

  // What a user can have been credited: the span of each stint (first heartbeat sent to last answer),
  // plus one second per stint for the rounding of the server's anchor. Gaps between stints never count:
  // each stint is a new page session, which takes over and credits nothing.
  const bound = new Map<number, number>();
  const acknowledged = new Map<number, number>();
  for (const s of rec.stints) {
    if (!s.firstSent) continue;
    bound.set(s.userId, (bound.get(s.userId) ?? 0) + (s.lastAnswered - s.firstSent) / 1000 + 1);
    acknowledged.set(s.userId, (acknowledged.get(s.userId) ?? 0) + s.credited);
  }
  const stored = new Map<number, number>();
  for (const r of rows) stored.set(r.user_id, (stored.get(r.user_id) ?? 0) + r.seconds);
  const over = [...stored].filter(([u, s]) => s > (bound.get(u) ?? 0));
  let deficit = 0;
  let surplus = 0;
  let beyondCrash = 0;
  for (const [u, a] of acknowledged) {
    const s = stored.get(u) ?? 0;
    if (s < a) deficit += a - s;
    else surplus += s - a;
    if (a - s > CRASH_LOSS_PER_READER_SEC) beyondCrash++;
  }
  const ledgerByKey = new Map(ledger.map((l) => [`${l.user_id}|${l.day}`, l.n]));
  const daily = caps?.daily ?? Infinity;
  const minuteMismatch = rows.filter(
    (r) => (ledgerByKey.get(`${r.user_id}|${r.day}`) ?? 0) !== Math.floor(Math.min(r.seconds, daily) / 60),
  ).length;
  const totalStored = [...stored.values()].reduce((a, b) => a + b, 0);
  const totalAck = [...acknowledged.values()].reduce((a, b) => a + b, 0);
  const totalBound = [...bound.values()].reduce((a, b) => a + b, 0);
  return [
    {
      name: 'heartbeats: no interval credited twice',
      failed: over.length,
      detail:
        `${stored.size} readers, ${totalStored} s stored, at most ${Math.floor(totalBound)} s possible ` +
        `(their reading stints); ${over.length} readers credited more than they read`,
    },
    {
      name: 'heartbeats: one ledger line per credited minute',
      failed: minuteMismatch,
      detail: `${rows.length} reader-days, ${minuteMismatch} whose reading points differ from their full minutes`,
    },
    {
      name: 'heartbeats: answered credits stored',
      failed: beyondCrash,
      detail:
        `${totalAck} s answered as credited, ${totalStored} s stored: ${deficit} s answered but not stored ` +
        `(the Redis crash may take each reader's last ${CRASH_LOSS_PER_READER_SEC} s; ${beyondCrash} readers lost more), ` +
        `${surplus} s stored beyond the answers (answers cut off by a fault)`,
    },
  ];
}
