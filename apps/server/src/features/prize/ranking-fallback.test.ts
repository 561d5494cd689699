import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { MemoryRankingStore, type RankedUser } from './ranking';
import { FallbackRankingStore } from './ranking-fallback';

/** A shared store that fails every call while `down` is set, as Redis does when unreachable. */
function flaky(state: { down: boolean }) {
  const inner = new MemoryRankingStore();
  return new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        state.down
          ? Promise.reject(new Error('Connection is closed.'))
          : (value as (...a: unknown[]) => unknown).apply(target, args);
    },
  });
}

describe('FallbackRankingStore', () => {
  const database: RankedUser[] = [
    { userId: 1, score: 300 },
    { userId: 2, score: 200 },
  ];

  it('reads the database while Redis is not connected, and asks for a rebuild after a missed raise', async () => {
    const redis = { status: 'reconnecting' } as unknown as Redis;
    const state = { down: true };
    const store = new FallbackRankingStore(redis, flaky(state), async () => database);
    expect(await store.top(7, 10)).toEqual(database);
    expect(await store.rankOf(7, 2)).toEqual({ rank: 2, score: 200 });
    expect(await store.count(7)).toBe(2);
    await store.raise(7, 3, 500);
    // Back: the ranking missed a raise, so it is not built until the rebuild replaces it.
    (redis as { status: string }).status = 'ready';
    state.down = false;
    expect(await store.isBuilt(7)).toBe(false);
    await store.replace(7, [...database, { userId: 3, score: 500 }]);
    expect(await store.isBuilt(7)).toBe(true);
    expect((await store.top(7, 1))[0]).toEqual({ userId: 3, score: 500 });
  });

  it('falls back when a connected Redis fails the command', async () => {
    const redis = { status: 'ready' } as unknown as Redis;
    const store = new FallbackRankingStore(redis, flaky({ down: true }), async () => database);
    expect(await store.count(7)).toBe(2);
  });
});
