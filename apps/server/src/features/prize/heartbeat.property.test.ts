/**
 * The heartbeat rule is written twice: `beat` in TypeScript (in-process anchors, the training
 * feature) and `beat_anchor` in Lua (Redis applies it atomically). This test feeds both the same
 * random heartbeat sequences (sessions, repeats, out-of-order times, gaps around the limit) and
 * asserts they credit, activate and start alike, beat by beat. Needs Redis (TEST_REDIS_URL).
 */
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorArgs, MAX_GAP_MS, MemoryAnchors, RedisAnchors } from './heartbeat';

const url = process.env.TEST_REDIS_URL;

/** A pipeline with the anchor script RedisAnchors defines on the connection. */
type PipelineWithBeat = {
  eavPrizeBeat(key: string, ...args: (string | number)[]): void;
  exec(): Promise<[Error | null, unknown][] | null>;
};

describe.skipIf(!url)('heartbeat rule: TypeScript and Lua agree', () => {
  let redis: Redis;
  let anchors: RedisAnchors;
  const prefix = `eav-test-beat-${process.pid}-${Date.now()}:`;
  let user = 0;

  beforeAll(() => {
    redis = new Redis(url!, { lazyConnect: false, maxRetriesPerRequest: 1 });
    anchors = new RedisAnchors(redis, prefix);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  /** One heartbeat: which of a few sessions, and how far the clock moves before it (may go back). */
  const heartbeat = fc.record({
    session: fc.constantFrom('a', 'b', 'c', 'tab-2', 'phone_1', 'd', 'e', 'f', 'g', 'h', 'i', 'j'),
    step: fc.oneof(
      fc.integer({ min: -5_000, max: 5_000 }),
      fc.integer({ min: MAX_GAP_MS - 2_000, max: MAX_GAP_MS + 2_000 }),
      // Whole seconds keep the anchor on the clock's grid, so gaps hit the limit exactly.
      fc.constantFrom(MAX_GAP_MS - 1, MAX_GAP_MS, MAX_GAP_MS + 1, 999, 1_000, 1_001, 2_000),
      fc.integer({ min: 0, max: 3 * MAX_GAP_MS }),
      fc.constant(0),
    ),
  });

  it('answers through RedisAnchors as the in-process anchors do', async () => {
    user += 1;
    const memory = new MemoryAnchors(4);
    for (const [session, now] of [
      ['a', 1000],
      ['a', 3500],
      ['b', 4000],
      ['a', 5000],
    ] as const)
      expect(await anchors.beat(user, session, now)).toEqual(memory.beatNow(user, session, now));
  });

  it('credits, activates and starts alike for every sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(heartbeat, { minLength: 1, maxLength: 40 }), async (beats) => {
        user += 1;
        const memory = new MemoryAnchors(4);
        // One round trip per sequence: Redis runs a pipeline's scripts in order, one at a time.
        const pipeline = redis.pipeline() as unknown as PipelineWithBeat;
        const expected = [];
        let now = 1_750_000_000_000;
        for (const { session, step } of beats) {
          now += step;
          expected.push(memory.beatNow(user, session, now));
          pipeline.eavPrizeBeat(anchors.key(user), ...anchorArgs(session, now));
        }
        const replies = (await pipeline.exec()) ?? [];
        const actual = replies.map(([error, reply]) => {
          if (error) throw error;
          const [creditMs, active, started] = reply as [number, number, number];
          return { creditMs, active: active === 1, started: started === 1 };
        });
        expect(actual).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
