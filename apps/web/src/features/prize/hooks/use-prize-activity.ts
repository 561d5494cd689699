/**
 * Which activity the activity page shows (docs/prize.md): the `?activityCode=` of the link (a banner,
 * a shared link), else the running activity, else the one stored last time (an ended activity still
 * shows its final ranking and the user's prizes). The code shown is kept in local storage
 * (`activityCode`, docs/product.md §9) for the readers' heartbeats.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useActivity } from '../api/get-activity';
import { isActivityCode, loadActivityCode, storeActivityCode } from '../lib/activity-code';

export function usePrizeActivity() {
  const [search] = useSearchParams();
  const raw = search.get('activityCode');
  const linked = isActivityCode(raw) ? raw : null;
  const stored = loadActivityCode();
  const primary = useActivity(linked);
  const useStored = !linked && primary.isSuccess && primary.data === null && !!stored;
  const fallback = useActivity(stored, useStored);
  const query = useStored ? fallback : primary;
  const code = query.data?.activityCode;

  useEffect(() => {
    if (code) storeActivityCode(code);
  }, [code]);

  return { query, activity: query.data ?? null, badLink: raw !== null && !linked };
}
