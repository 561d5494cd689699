import { describe, expect, it } from 'vitest';
import { PrizeMessages } from '@eav/contract';
import { drawBlocker } from './draw-state';
import { PRIZE_TEXT } from './messages';

const base = { loggedIn: true, phase: 'running' as const, available: 10, drawCost: 5, drawsLeft: 2 };

describe('drawBlocker', () => {
  it('lets a logged-in user with enough points draw while the activity runs', () => {
    expect(drawBlocker(base)).toBeNull();
    expect(drawBlocker({ ...base, available: 5 })).toBeNull();
  });

  it('names why a draw cannot be tried', () => {
    expect(drawBlocker({ ...base, loggedIn: false })).toBe(PrizeMessages.loginToJoin);
    expect(drawBlocker({ ...base, phase: 'ended' })).toContain('已结束');
    expect(drawBlocker({ ...base, phase: 'upcoming' })).toContain('尚未开始');
    expect(drawBlocker({ ...base, drawsLeft: 0 })).toBe(PrizeMessages.limitReached);
    expect(drawBlocker({ ...base, available: 3 })).toContain('还差 2 积分');
  });
});

describe('PRIZE_TEXT', () => {
  it("matches the contract's messages (a plain copy keeps zod out of the H5 pages)", () => {
    expect(PRIZE_TEXT.activityNotFound).toBe(PrizeMessages.activityNotFound);
    expect(PRIZE_TEXT.loginToJoin).toBe(PrizeMessages.loginToJoin);
    expect(PRIZE_TEXT.limitReached).toBe(PrizeMessages.limitReached);
  });
});
