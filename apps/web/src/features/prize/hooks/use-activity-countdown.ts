/**
 * The activity's countdown (docs/product.md §4): to the start while it is upcoming, to the end while
 * it runs, 00 once ended, on the server's clock. When a phase ends the activity is fetched again
 * so that its status (and what the page offers) follows.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { countdownParts, remainingMs, startCountdown, type CountdownParts } from '@/lib/countdown';
import type { ActivityView } from '../api/get-activity';

export type CountdownPhase = 'upcoming' | 'running' | 'ended';

export function useActivityCountdown(activity: ActivityView | null): { parts: CountdownParts; phase: CountdownPhase } {
  const qc = useQueryClient();
  const target = activity ? (activity.status === 'upcoming' ? activity.startAt : activity.endAt) : null;
  const offset = activity?.clockOffsetMs ?? 0;
  const [parts, setParts] = useState<CountdownParts>(() =>
    countdownParts(target && activity?.status !== 'ended' ? remainingMs(target, offset) : 0),
  );

  useEffect(() => {
    if (!target || activity?.status === 'ended') {
      setParts(countdownParts(0));
      return;
    }
    let sawRunning = false;
    return startCountdown({
      endAt: target,
      offsetMs: offset,
      onTick: (p) => {
        setParts(p);
        if (!p.finished) sawRunning = true;
        // A phase ended while the page was open: ask the server for the new status.
        else if (sawRunning) void qc.invalidateQueries({ queryKey: ['prize'] });
      },
    });
  }, [target, offset, activity?.status, qc]);

  const status = activity?.status ?? 'ended';
  const phase: CountdownPhase =
    status === 'ended' || (status === 'running' && parts.finished)
      ? 'ended'
      : status === 'upcoming'
        ? 'upcoming'
        : 'running';
  return { parts, phase };
}
