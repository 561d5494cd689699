/**
 * Statistics and favourites (docs/resources.md, Statistics): a view or a download counts once per
 * user per Beijing day – the `resource_events` primary key decides, with `INSERT … ON CONFLICT DO
 * NOTHING`, so parallel requests of one user count once – and the counter on the resource moves in
 * the same transaction as the mark that justifies it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resourceEvents, resourceFavorites, resources } from '../../db/schema';
import { beijingDay } from '@eav/contract';

/** Counts a view or download of `userId` unless already counted today; true when it counted. */
export async function countEvent(
  db: Db,
  resourceId: number,
  userId: number,
  kind: 'view' | 'download',
  now: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(resourceEvents)
      .values({ resourceId, userId, kind, day: beijingDay(now), createdAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ r: resourceEvents.resourceId });
    if (inserted.length === 0) {
      // Already counted today: keep the time of the latest one for "my downloads".
      await tx
        .update(resourceEvents)
        .set({ createdAt: new Date(now) })
        .where(
          and(
            eq(resourceEvents.resourceId, resourceId),
            eq(resourceEvents.userId, userId),
            eq(resourceEvents.kind, kind),
            eq(resourceEvents.day, beijingDay(now)),
          ),
        );
      return false;
    }
    const column = kind === 'view' ? resources.viewCount : resources.downloadCount;
    await tx
      .update(resources)
      .set(kind === 'view' ? { viewCount: sql`${column} + 1` } : { downloadCount: sql`${column} + 1` })
      .where(eq(resources.id, resourceId));
    return true;
  });
}

export async function statistics(db: Db, resourceId: number) {
  const [row] = await db
    .select({ views: resources.viewCount, downloads: resources.downloadCount, favorites: resources.favoriteCount })
    .from(resources)
    .where(eq(resources.id, resourceId));
  return row;
}

/** Adds or removes a favourite (idempotent); answers the new state and count. */
export async function setFavorite(
  db: Db,
  userId: number,
  resourceId: number,
  on: boolean,
  now: number,
): Promise<{ favorited: boolean; favorites: number }> {
  return db.transaction(async (tx) => {
    const changed = on
      ? await tx
          .insert(resourceFavorites)
          .values({ userId, resourceId, createdAt: new Date(now) })
          .onConflictDoNothing()
          .returning({ r: resourceFavorites.resourceId })
      : await tx
          .delete(resourceFavorites)
          .where(and(eq(resourceFavorites.userId, userId), eq(resourceFavorites.resourceId, resourceId)))
          .returning({ r: resourceFavorites.resourceId });
    if (changed.length > 0)
      await tx
        .update(resources)
        .set({ favoriteCount: sql`greatest(${resources.favoriteCount} + ${on ? 1 : -1}, 0)` })
        .where(eq(resources.id, resourceId));
    const [row] = await tx.select({ n: resources.favoriteCount }).from(resources).where(eq(resources.id, resourceId));
    return { favorited: on, favorites: row?.n ?? 0 };
  });
}

export async function isFavorite(db: Db, userId: number, resourceId: number): Promise<boolean> {
  const [row] = await db
    .select({ r: resourceFavorites.resourceId })
    .from(resourceFavorites)
    .where(and(eq(resourceFavorites.userId, userId), eq(resourceFavorites.resourceId, resourceId)))
    .limit(1);
  return Boolean(row);
}
