/**
 * Redis unreachable (docs/operations.md, Redis outage): the activity's reading, ranking and draws
 * keep answering from PostgreSQL, rate limits keep counting in process, and once Redis is back the
 * ranking is rebuilt from the database. Needs a Redis server: skipped without TEST_REDIS_URL.
 */
import { ApiPaths } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { api } from './helpers';
import { createActivity, definition, heartbeat, importBooks, MINUTE, readFor, T0, usePrizeApp } from './prize-helpers';
import { createUser } from './textbooks-helpers';

const t = usePrizeApp();

describe.skipIf(!process.env.TEST_REDIS_URL)('with Redis unreachable', () => {
  it('answers heartbeats without credit, ranks and draws from the database, and ranks on once it is back', async () => {
    t.now = T0;
    const books = await importBooks(t.app, 1);
    const def = definition([books[0]!.externalId], T0 - 3600_000, { drawCost: 5 });
    await createActivity(t.app, def, T0 - 2 * 3600_000);
    const reader = await createUser(t.app.db);
    const other = await createUser(t.app.db);
    await readFor(t, reader, def.code, books[0]!.id, 'outage-reader', 10 * MINUTE);
    await readFor(t, other, def.code, books[0]!.id, 'outage-other', 2 * MINUTE);
    await t.app.prize.flusher.flush();

    const redis = t.app.redis!;
    const ended = new Promise((resolve) => redis.once('end', resolve));
    redis.disconnect();
    await ended;
    expect(redis.status).not.toBe('ready');
    try {
      t.now += 30_000;
      const beat = await heartbeat(t.app, reader, def.code, books[0]!.id, 'outage-reader');
      expect(beat.statusCode, beat.body).toBe(200);
      expect(beat.json().data).toMatchObject({ secondsToday: 600, creditedSeconds: 0, points: 10, active: true });

      const rank = await api(t.app, {
        url: ApiPaths.prizeRank,
        token: reader.token,
        query: { activityCode: def.code, userId: reader.id },
      });
      expect(rank.statusCode, rank.body).toBe(200);
      expect(rank.json().data.me).toMatchObject({ rank: 1, points: 10 });
      expect(rank.json().data.participants).toBe(2);

      // The draw route is rate-limited: its limit counts in process now, and the draw is made.
      const drawn = await api(t.app, {
        method: 'POST',
        url: ApiPaths.prizeDraw,
        token: reader.token,
        body: { activityCode: def.code },
      });
      expect(drawn.statusCode, drawn.body).toBe(200);
    } finally {
      await redis.connect();
    }

    // Back: the other reader reads on and overtakes (a draw spends available points, not the ranked ones).
    await readFor(t, other, def.code, books[0]!.id, 'outage-other-2', 12 * MINUTE);
    await t.app.prize.flusher.flush();
    const after = await api(t.app, { url: ApiPaths.prizeRank, query: { activityCode: def.code } });
    expect(after.json().data.top.map((r: { points: number }) => r.points)).toEqual([14, 10]);
  });
});
