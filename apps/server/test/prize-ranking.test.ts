/**
 * The ranking (docs/prize.md, Ranking): points from the database, ties broken in favour of whoever
 * reached the score first, masked names, the caller's own row, a rebuild from the database equal
 * to the live ranking, and a frozen ranking after the end. Also the two stores (in process and
 * Redis) order the same data the same way.
 */
import { randomBytes } from 'node:crypto';
import { ApiPaths } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { maskName, MemoryRankingStore, rankScore, RedisRankingStore } from '../src/features/prize/ranking';
import { api } from './helpers';
import { createActivity, definition, heartbeat, importBooks, MINUTE, readFor, T0, usePrizeApp } from './prize-helpers';
import { createUser } from './textbooks-helpers';

const t = usePrizeApp();
let books: { id: number; externalId: string }[] = [];

beforeEach(async () => {
  t.now = T0;
  books = await importBooks(t.app, 1);
});

const rank = (code: string, token?: string, userId?: number) =>
  api(t.app, { url: ApiPaths.prizeRank, token, query: { activityCode: code, userId } });

describe('ranking', () => {
  it('ranks by points, earlier reach first on ties, with masked names and my row', async () => {
    const def = definition([books[0]!.externalId], T0 - 3600_000);
    await createActivity(t.app, def, T0 - 7200_000);
    const names = ['张三明', '李四', '王小五六'];
    const readers = [];
    for (const realName of names) {
      const u = await createUser(t.app.db);
      await t.app.db.update(users).set({ realName }).where(eq(users.id, u.id));
      readers.push(u);
    }
    // 李四 reads 3 minutes, then 张三明 3 minutes (same points, reached later), then 王小五六 1 minute.
    await readFor(t, readers[1]!, def.code, books[0]!.id, 'rank-s-2', 3 * MINUTE);
    t.now += MINUTE;
    await readFor(t, readers[0]!, def.code, books[0]!.id, 'rank-s-1', 3 * MINUTE);
    t.now += MINUTE;
    await readFor(t, readers[2]!, def.code, books[0]!.id, 'rank-s-3', 1 * MINUTE);

    const visitor = (await rank(def.code)).json().data;
    expect(visitor.me).toBeNull();
    expect(visitor.participants).toBe(3);
    expect(visitor.top.map((r: { name: string; points: number; rank: number }) => [r.rank, r.name, r.points])).toEqual([
      [1, '李*', 3],
      [2, '张*明', 3],
      [3, '王*六', 1],
    ]);
    const mine = (await rank(def.code, readers[0]!.token, readers[0]!.id)).json().data;
    expect(mine.me).toEqual({ rank: 2, points: 3, name: '张*明' });
    expect(mine.top[1].isMe).toBe(true);
    const outsider = await createUser(t.app.db);
    expect((await rank(def.code, outsider.token)).json().data.me).toMatchObject({ rank: null, points: 0 });
    // Someone else's id: hidden.
    expect((await rank(def.code, outsider.token, readers[0]!.id)).statusCode).toBe(404);

    // The ranking rebuilt from the database equals the live one.
    const live = (await rank(def.code)).json().data.top;
    const a = (await t.app.prize.activities.require(def.code))!;
    expect(await t.app.prize.rebuild(a)).toBe(3);
    expect((await rank(def.code)).json().data.top).toEqual(live);
    // And so does a new app (a restart) that builds it on first read.
    const other = await t.build();
    const fresh = await api(other, { url: ApiPaths.prizeRank, query: { activityCode: def.code } });
    expect(fresh.json().data.top).toEqual(live);
  });

  it('is frozen after the end', async () => {
    const def = definition([books[0]!.externalId], T0 - 30 * 86400_000 + 5 * MINUTE);
    await createActivity(t.app, def, T0 - 31 * 86400_000);
    const u = await createUser(t.app.db);
    // The last minutes of the activity.
    await readFor(t, u, def.code, books[0]!.id, 'frozen-s1', 4 * MINUTE);
    const before = (await rank(def.code)).json().data;
    expect(before).toMatchObject({ frozen: false, top: [{ points: 4 }] });
    t.now += 2 * MINUTE;
    const after = await heartbeat(t.app, u, def.code, books[0]!.id, 'frozen-s1');
    expect(after.json().code).toBe('PRIZE.NOT_RUNNING');
    const ended = (await rank(def.code)).json().data;
    expect(ended).toMatchObject({ frozen: true, top: [{ points: 4 }] });
  });
});

describe('ranking stores', () => {
  it('mask names as 张*明 and 张*', () => {
    expect([maskName('张三明'), maskName('张三'), maskName('欧阳小明'), maskName('z')]).toEqual([
      '张*明',
      '张*',
      '欧*明',
      '*',
    ]);
  });

  it('order the same entries the same way in process and in Redis', async () => {
    const start = T0;
    const entries = Array.from({ length: 500 }, (_, i) => ({
      userId: i + 1,
      score: rankScore(Math.floor(Math.random() * 20), start + Math.floor(Math.random() * 5) * 1000, start),
    }));
    const memory = new MemoryRankingStore();
    await memory.replace(1, entries.slice(0, 250));
    for (const e of entries.slice(250)) await memory.raise(1, e.userId, e.score);
    const sorted = [...entries].sort((a, b) => b.score - a.score || (String(a.userId) > String(b.userId) ? -1 : 1));
    expect(await memory.top(1, 500)).toEqual(sorted);
    expect(await memory.rankOf(1, sorted[17]!.userId)).toEqual({ rank: 18, score: sorted[17]!.score });
    // Raising never lowers.
    await memory.raise(1, sorted[0]!.userId, 0);
    expect((await memory.top(1, 1))[0]).toEqual(sorted[0]);
    const url = process.env.TEST_REDIS_URL;
    if (!url) return;
    const redis = new Redis(url);
    try {
      const store = new RedisRankingStore(redis, `eavtest:${randomBytes(4).toString('hex')}:`);
      await store.replace(1, entries.slice(0, 250));
      for (const e of entries.slice(250)) await store.raise(1, e.userId, e.score);
      expect(await store.top(1, 500)).toEqual(sorted);
      expect(await store.rankOf(1, sorted[17]!.userId)).toEqual({ rank: 18, score: sorted[17]!.score });
      await store.replace(1, []);
      expect(await store.count(1)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
