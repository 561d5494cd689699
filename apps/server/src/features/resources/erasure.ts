/**
 * What the resources feature erases at account cancellation (docs/accounts.md, Erasure): the
 * person's view/download marks and favourites (favourite counts follow), the resources they
 * uploaded with their files (after the commit), and their name as a reviewer.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { resourceEvents, resourceFavorites, resources } from '../../db/schema';
import type { ErasureContext } from '../../plugins/erasure';
import type { ResourceStorage } from '../../lib/storage';

export function resourceEraser(storage: ResourceStorage) {
  return async (tx: Tx, userId: number, _now: Date, ctx: ErasureContext) => {
    await tx.delete(resourceEvents).where(eq(resourceEvents.userId, userId));
    const favs = await tx
      .delete(resourceFavorites)
      .where(eq(resourceFavorites.userId, userId))
      .returning({ id: resourceFavorites.resourceId });
    if (favs.length > 0)
      await tx
        .update(resources)
        .set({ favoriteCount: sql`greatest(${resources.favoriteCount} - 1, 0)` })
        .where(
          inArray(
            resources.id,
            favs.map((f) => f.id),
          ),
        );
    const uploads = await tx
      .delete(resources)
      .where(eq(resources.uploaderId, userId))
      .returning({ key: resources.storageKey });
    await tx.update(resources).set({ reviewedBy: null }).where(eq(resources.reviewedBy, userId));
    const keys = uploads.map((u) => u.key).filter((k): k is string => Boolean(k));
    if (keys.length > 0) ctx.afterCommit(async () => void (await Promise.all(keys.map((k) => storage.remove(k)))));
  };
}
