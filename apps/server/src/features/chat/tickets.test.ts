import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { MemoryKv, RedisKv, type Kv } from '../../plugins/kv';
import { issueTicket, redeemTicket } from './tickets';

const redisUrl = process.env.TEST_REDIS_URL;

async function racingRedeems(kv: Kv): Promise<number> {
  const ticket = await issueTicket(kv, { kind: 'person', conversationId: 7 });
  const grants = await Promise.all(Array.from({ length: 20 }, () => redeemTicket(kv, ticket)));
  return grants.filter((g) => g !== null).length;
}

describe('redeemTicket', () => {
  it('opens once of twenty racing redemptions, in process', async () => {
    expect(await racingRedeems(new MemoryKv())).toBe(1);
  });

  it.skipIf(!redisUrl)('opens once of twenty racing redemptions, in Redis', async () => {
    const redis = new Redis(redisUrl!);
    try {
      expect(await racingRedeems(new RedisKv(redis, `test:${Math.random().toString(36).slice(2)}:`))).toBe(1);
    } finally {
      redis.disconnect();
    }
  });
});
