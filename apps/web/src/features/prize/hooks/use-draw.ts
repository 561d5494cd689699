/**
 * One draw as the person sees it: the dialog opens at once with the animation, the server's answer
 * is shown when both the answer and the animation are done (at once with reduced motion).
 */
import { useCallback, useState } from 'react';
import type { DrawResult } from '@eav/contract';
import { errorMessage } from '@/lib/error-message';
import { useDrawPrize } from '../api/draw-prize';
import { DRAW_ANIMATION_MS, prefersReducedMotion } from '../lib/draw-state';

export type DrawView =
  | { phase: 'idle' }
  | { phase: 'drawing' }
  | { phase: 'won'; result: DrawResult }
  | { phase: 'failed'; message: string };

export function useDraw(activityCode: string) {
  const mutation = useDrawPrize();
  const [view, setView] = useState<DrawView>({ phase: 'idle' });

  const draw = useCallback(async () => {
    setView({ phase: 'drawing' });
    const pause = new Promise((r) => setTimeout(r, prefersReducedMotion() ? 0 : DRAW_ANIMATION_MS));
    try {
      const [result] = await Promise.all([mutation.mutateAsync(activityCode), pause]);
      setView({ phase: 'won', result });
    } catch (e) {
      await pause;
      setView({ phase: 'failed', message: errorMessage(e, '抽奖失败，请稍后重试') });
    }
  }, [activityCode, mutation]);

  const close = useCallback(() => setView({ phase: 'idle' }), []);
  return { view, draw, close, busy: view.phase === 'drawing' };
}
