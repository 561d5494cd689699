/**
 * Today's figures of the points statement (docs/prize.md): the server names a reading line by its
 * Beijing day and credits `pointsPerMinute` per full minute, so today's reading minutes are today's
 * reading points divided by that rate. Used when the answer does not carry them itself.
 */
import { beijingDay, type LedgerEntry } from '@eav/contract';

export function todayFigures(
  ledger: LedgerEntry[],
  pointsPerMinute: number,
  now: number = Date.now(),
): { minutes: number; points: number } {
  const day = beijingDay(now);
  let readingPoints = 0;
  let points = 0;
  for (const e of ledger) {
    if (e.amount <= 0) continue;
    const t = Date.parse(e.createdAt);
    const sameDay = e.reason === 'reading' ? e.detail === day : Number.isFinite(t) && beijingDay(t) === day;
    if (!sameDay) continue;
    points += e.amount;
    if (e.reason === 'reading') readingPoints += e.amount;
  }
  return { minutes: pointsPerMinute > 0 ? Math.floor(readingPoints / pointsPerMinute) : 0, points };
}
