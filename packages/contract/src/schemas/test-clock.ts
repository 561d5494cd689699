/**
 * The test clock of a server started with `TEST_CLOCK=on` (never in production; docs/api.md,
 * Configuration): `POST /api/v1/test/clock` moves the business clock forward and answers where it
 * stands, so that end-to-end journeys through time need no real waits.
 */
import { z } from 'zod';

/** The longest single move: a year, far beyond any rule of the portal. */
export const TEST_CLOCK_MAX_ADVANCE_MS = 366 * 86_400_000;

/** `POST /api/v1/test/clock` body: how far forward to move, ms (0 only reads the clock). */
export const testClockBody = z.object({
  advanceMs: z
    .number({ error: '请指定前进的毫秒数' })
    .int('前进的毫秒数必须是整数')
    .min(0, '测试时钟只能向前拨')
    .max(TEST_CLOCK_MAX_ADVANCE_MS, '一次最多向前拨 366 天'),
});
export type TestClockBody = z.infer<typeof testClockBody>;

/** The business clock after the move: its time and how far it is ahead of real time, ms. */
export const testClockResult = z.object({
  now: z.number().int(),
  offsetMs: z.number().int(),
});
export type TestClockResult = z.infer<typeof testClockResult>;
