/**
 * `POST /prize/api/v1/prizeGroup/draw {activityCode, requestId}`: spends `drawCost` points and draws
 * (docs/prize.md). `requestId` is made once per click, so a retried request answers the first
 * result instead of drawing twice. Refusals (积分不足, 中奖次数上限, 奖品已抽完, 活动已结束) come
 * back as ApiError with the server's Chinese msg; the page shows them itself, so the call is silent.
 * Points, ranking-side figures, stock and my prizes are refreshed after every attempt.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type DrawBody, type DrawResult } from '@eav/contract';
import { apiPost } from '@/lib/api-client';
import { newReadingSessionId } from '../lib/heartbeat-loop';

export function drawPrize(activityCode: string, requestId: string = newReadingSessionId()): Promise<DrawResult> {
  const body: DrawBody = { activityCode, requestId };
  return apiPost<DrawResult>(ApiPaths.prizeDraw, body, { silent: true });
}

export function useDrawPrize() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (activityCode: string) => drawPrize(activityCode),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['prize', 'integral'] }),
        qc.invalidateQueries({ queryKey: ['prize', 'groups'] }),
        qc.invalidateQueries({ queryKey: ['prize', 'mine'] }),
      ]),
  });
}
