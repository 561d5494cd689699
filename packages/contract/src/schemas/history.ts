/**
 * 浏览记录: what a user opened (textbooks read, resources previewed, lesson videos played, papers
 * opened), newest first (docs/api.md, 浏览记录).
 */
import { z } from 'zod';
import { BROWSE_KINDS } from '../vocabulary';

export const browseKind = z.enum(BROWSE_KINDS);

/** One entry: the item's kind, id and current title, and when the user last opened it. */
export const browseHistoryItem = z.object({
  kind: browseKind,
  itemId: z.number().int(),
  title: z.string(),
  /** ISO time of the latest opening. */
  viewedAt: z.string(),
});
export type BrowseHistoryItem = z.infer<typeof browseHistoryItem>;
