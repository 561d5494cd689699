/** Whether a draw may be tried now, and the Chinese reason when not (the server checks again). */
import { PRIZE_TEXT } from './messages';
import type { CountdownPhase } from '../hooks/use-activity-countdown';

export function drawBlocker(input: {
  loggedIn: boolean;
  phase: CountdownPhase;
  available: number | undefined;
  drawCost: number;
  drawsLeft: number | null | undefined;
}): string | null {
  if (!input.loggedIn) return PRIZE_TEXT.loginToJoin;
  if (input.phase === 'upcoming') return '活动尚未开始，开始后即可抽奖';
  if (input.phase === 'ended') return '活动已结束，不能再抽奖';
  if (input.drawsLeft === 0) return PRIZE_TEXT.limitReached;
  if (input.available !== undefined && input.available < input.drawCost) {
    return `积分不足，还差 ${input.drawCost - input.available} 积分，多读一会儿书再来吧`;
  }
  return null;
}

/** Animation time of a draw; none for people who asked for reduced motion. */
export const DRAW_ANIMATION_MS = 1200;
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}
