/**
 * The console's textbook list as one query (docs/console-content.md, Books): the filters (`q` on the
 * title or the externalId, stage, subject, access), the sort and a window of rows, with dictionary
 * entries by name. The export of the list (routes-console-export.ts) reads it; the paged list of
 * routes-console.ts has the same filters and sort.
 */
import type { AdminTextbookRow, adminTextbookListQuery } from '@eav/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { dictionary, textbooks } from '../../db/schema';
import { coverUrlOf } from './catalogue';

export type ConsoleBookFilters = z.output<typeof adminTextbookListQuery>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of the list's filters. */
export function consoleBookWhere(q: Pick<ConsoleBookFilters, 'q' | 'stageId' | 'subjectId' | 'access'>) {
  const filters: (SQL | undefined)[] = [
    q.stageId ? eq(textbooks.stageId, q.stageId) : undefined,
    q.subjectId ? eq(textbooks.subjectId, q.subjectId) : undefined,
    q.access ? eq(textbooks.access, q.access) : undefined,
  ];
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    filters.push(or(ilike(textbooks.title, like), ilike(textbooks.externalId, like)));
  }
  return and(...filters);
}

/** Up to `limit` rows of the list from `offset`, sorted as asked (ties by id). */
export async function listConsoleBooks(
  db: Db,
  q: ConsoleBookFilters,
  limit: number,
  offset: number,
): Promise<AdminTextbookRow[]> {
  const column = { id: textbooks.id, title: textbooks.title, updatedAt: textbooks.updatedAt }[q.sort];
  const direction = q.order === 'desc' ? desc : asc;
  const rows = await db
    .select()
    .from(textbooks)
    .where(consoleBookWhere(q))
    .orderBy(direction(column), direction(textbooks.id))
    .limit(limit)
    .offset(offset);
  const dictIds = [
    ...new Set(rows.flatMap((r) => [r.stageId, r.subjectId, r.editionId, r.gradeId, r.volumeId, r.publisherId])),
  ].filter((id): id is number => id !== null);
  const names = new Map<number, string>();
  // Bounded batches: an export reads up to 10,000 books, each naming up to six entries.
  for (let i = 0; i < dictIds.length; i += 1000) {
    const part = await db
      .select({ id: dictionary.id, name: dictionary.name })
      .from(dictionary)
      .where(inArray(dictionary.id, dictIds.slice(i, i + 1000)));
    for (const d of part) names.set(d.id, d.name);
  }
  const name = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return rows.map((r) => ({
    id: r.id,
    externalId: r.externalId,
    title: r.title,
    stage: name(r.stageId) ?? '',
    subject: name(r.subjectId) ?? '',
    edition: name(r.editionId) ?? '',
    grade: name(r.gradeId),
    volume: name(r.volumeId),
    publisher: name(r.publisherId),
    access: r.access as AdminTextbookRow['access'],
    description: r.description,
    coverUrl: coverUrlOf(r),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
