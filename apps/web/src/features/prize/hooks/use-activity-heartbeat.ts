/**
 * Reading heartbeats for the activity (docs/prize.md): while a logged-in user reads a recommended
 * book of the running activity (the stored `activityCode`, docs/product.md §9, else the running
 * one), in a reader or a lesson video of the book, one beat is sent at once and then every 30 s
 * while the page is visible (lib/heartbeat-loop.ts). Each visible stretch of reading is one reading
 * session: another tab or phone that starts reading takes over on the server and this one stops
 * earning until it is shown again.
 *
 * Returns the last answer (today's credited seconds and the points), for the reader's badge.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { HeartbeatResult } from '@eav/contract';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { useActivity } from '../api/get-activity';
import { useRecommendBooks } from '../api/get-recommend-books';
import { sendHeartbeat } from '../api/send-heartbeat';
import { loadActivityCode } from '../lib/activity-code';
import { newReadingSessionId, startHeartbeatLoop } from '../lib/heartbeat-loop';

export interface ReadingCredit extends HeartbeatResult {
  activityTitle: string;
}

/**
 * @param textbookId the book being read (or whose lesson plays)
 * @param reading false while nothing is being read (e.g. a paused video, a reader still loading)
 */
export function useActivityHeartbeat(textbookId: number | undefined, reading: boolean): ReadingCredit | null {
  const userId = useSession((s) => s.user?.userId ?? null);
  const [stored] = useState(loadActivityCode);
  const activity = useActivity(stored, !!userId && !!textbookId).data;
  const running = activity?.status === 'running' ? activity : null;
  const books = useRecommendBooks(running?.activityCode).data;
  const recommended = !!textbookId && !!books?.some((b) => b.id === textbookId);
  const [credit, setCredit] = useState<ReadingCredit | null>(null);
  const qc = useQueryClient();
  const sessionId = useRef<string>('');
  if (!sessionId.current) sessionId.current = newReadingSessionId();

  const code = running?.activityCode;
  const title = running?.title ?? '';
  const on = reading && recommended && !!userId && !!code && !!textbookId;
  useEffect(() => {
    if (!on || !userId || !code || !textbookId) return;
    return startHeartbeatLoop({
      send: async ({ fresh }) => {
        // A new visible stretch is a new session: the server credits nothing for the time before it.
        if (fresh) sessionId.current = newReadingSessionId();
        try {
          const result = await sendHeartbeat(userId, { activityCode: code, textbookId, sessionId: sessionId.current });
          setCredit({ ...result, activityTitle: title });
          // The activity page shows fresh figures when next opened.
          void qc.invalidateQueries({ queryKey: ['prize', 'integral'], refetchType: 'none' });
          void qc.invalidateQueries({ queryKey: ['prize', 'rank'], refetchType: 'none' });
          return 'continue';
        } catch (e) {
          // Refused for good (the activity ended, the book is not in it, not this user): stop beating.
          // Rate limits and server or network trouble: the next beat tries again.
          if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 429) {
            setCredit(null);
            return 'stop';
          }
          throw e;
        }
      },
    });
  }, [on, userId, code, textbookId, title, qc]);

  return on ? credit : null;
}
