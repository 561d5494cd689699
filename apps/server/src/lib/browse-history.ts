/**
 * The one writer of 浏览记录 (docs/api.md, 浏览记录): the routes that open an item for a logged-in user
 * (a textbook's read grant, a resource's preview, a lesson video's play grant, a paper's detail)
 * record it here; the history feature lists and clears the rows.
 */
import type { BrowseKind } from '@eav/contract';
import type { Db } from '../db/client';
import { browseHistory } from '../db/schema';

/**
 * Records that `user` opened `kind` `itemId` at `now` (the app clock): one row per item, moved to the
 * top. Nothing is recorded of a pupil awaiting a guardian's consent (`guardianRequired`; docs/privacy.md,
 * Guardians): the account only browses, and what it opens is not kept until a guardian agrees.
 */
export async function recordBrowse(
  db: Db,
  user: { id: number; guardianRequired: boolean },
  kind: BrowseKind,
  itemId: number,
  now: number | Date,
): Promise<void> {
  if (user.guardianRequired) return;
  const userId = user.id;
  const at = new Date(now);
  await db
    .insert(browseHistory)
    .values({ userId, kind, itemId, viewedAt: at })
    .onConflictDoUpdate({
      target: [browseHistory.userId, browseHistory.kind, browseHistory.itemId],
      set: { viewedAt: at },
    });
}
