/**
 * Resource search (docs/resources.md, Search): filters, keyword, sort and page, and facets with
 * counts by the catalogue's rule (docs/api.md, Textbooks): each dimension is counted with every
 * OTHER filter applied, so picking a listed value never yields an empty page. Only published
 * resources are listed. Keyword: every space-separated word must occur in the title or in the
 * textbook's title (a Chinese substring match, case-insensitive).
 */
import {
  RESOURCE_FORMAT_LABELS,
  RESOURCE_FORMAT_PREVIEW,
  RESOURCE_TYPE_LABELS,
  type ResourceFacets,
  type ResourceFilters,
  type ResourceFormat,
  type ResourceListItem,
  type ResourceType,
} from '@eav/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { dictionary, resources } from '../../db/schema';
import { chapterSubtree } from './chapters';

/**
 * Columns of a card from the resources table alone. Names (dictionary, book, chapter, uploader) are
 * fetched for a whole page in one more query (`toCards`): joining the five dictionary roles, the book,
 * the chapter and the uploader in the page query made PostgreSQL spend far longer planning the
 * 9-table join than running it (docs/resources.md, Search).
 */
const cardColumns = {
  id: resources.id,
  title: resources.title,
  type: resources.type,
  format: resources.format,
  mime: resources.mime,
  size: resources.size,
  access: resources.access,
  createdAt: resources.createdAt,
  viewCount: resources.viewCount,
  downloadCount: resources.downloadCount,
  favoriteCount: resources.favoriteCount,
  stageId: resources.stageId,
  subjectId: resources.subjectId,
  gradeId: resources.gradeId,
  editionId: resources.editionId,
  volumeId: resources.volumeId,
  textbookId: resources.textbookId,
  chapterId: resources.chapterId,
  uploaderId: resources.uploaderId,
};

/** A select of card rows; add where/order/limit, then pass the rows to `toCards`. */
export function cardQuery(db: Db) {
  return db.select(cardColumns).from(resources);
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

/** Names of the ids a page refers to, in one query: `d` dictionary, `t` textbook, `c` chapter, `u` user. */
async function namesOf(db: Db, rows: CardRow[]): Promise<Map<string, string>> {
  const ids = { d: new Set<number>(), t: new Set<number>(), c: new Set<number>(), u: new Set<number>() };
  for (const r of rows) {
    for (const d of [r.stageId, r.subjectId, r.gradeId, r.editionId, r.volumeId]) if (d !== null) ids.d.add(d);
    if (r.textbookId !== null) ids.t.add(r.textbookId);
    if (r.chapterId !== null) ids.c.add(r.chapterId);
    if (r.uploaderId !== null) ids.u.add(r.uploaderId);
  }
  const list = (set: Set<number>) =>
    sql`(${sql.join(
      [...set].map((n) => sql`${n}`),
      sql`, `,
    )})`;
  const parts: SQL[] = [];
  if (ids.d.size) parts.push(sql`select 'd' as k, id, name from dictionary where id in ${list(ids.d)}`);
  if (ids.t.size) parts.push(sql`select 't' as k, id, title as name from textbooks where id in ${list(ids.t)}`);
  if (ids.c.size) parts.push(sql`select 'c' as k, id, title as name from textbook_chapters where id in ${list(ids.c)}`);
  if (ids.u.size) parts.push(sql`select 'u' as k, id, user_name as name from users where id in ${list(ids.u)}`);
  if (!parts.length) return new Map();
  const found = rowsOf<{ k: string; id: number; name: string }>(await db.execute(sql.join(parts, sql` union all `)));
  return new Map(found.map((f) => [`${f.k}${f.id}`, f.name]));
}

/** Cards of card rows, in their order (names looked up for the whole page at once). */
export async function toCards(db: Db, rows: CardRow[]): Promise<ResourceListItem[]> {
  const names = await namesOf(db, rows);
  const entry = (id: number | null) => {
    const name = id === null ? undefined : names.get(`d${id}`);
    return id !== null && name !== undefined ? { id, name } : null;
  };
  const ref = (k: 't' | 'c', id: number | null) => {
    const title = id === null ? undefined : names.get(`${k}${id}`);
    return id !== null && title !== undefined ? { id, title } : null;
  };
  return rows.map((r) => {
    const format = r.format as ResourceFormat;
    return {
      id: r.id,
      title: r.title,
      type: r.type as ResourceType,
      format,
      mime: r.mime,
      size: r.size,
      previewable: RESOURCE_FORMAT_PREVIEW[format] ?? 'none',
      stage: entry(r.stageId) ?? { id: r.stageId, name: '' },
      subject: entry(r.subjectId) ?? { id: r.subjectId, name: '' },
      grade: entry(r.gradeId),
      edition: entry(r.editionId),
      volume: entry(r.volumeId),
      textbook: ref('t', r.textbookId),
      chapter: ref('c', r.chapterId),
      access: r.access as ResourceListItem['access'],
      uploader: r.uploaderId === null ? null : (names.get(`u${r.uploaderId}`) ?? null),
      createdAt: r.createdAt.toISOString(),
      viewCount: r.viewCount,
      downloadCount: r.downloadCount,
      favoriteCount: r.favoriteCount,
    };
  });
}

/** Cards of `ids` by id (missing ones left out). */
export async function cardsByIds(db: Db, ids: number[]): Promise<Map<number, ResourceListItem>> {
  if (ids.length === 0) return new Map();
  const cards = await toCards(db, await cardQuery(db).where(inArray(resources.id, ids)));
  return new Map(cards.map((c) => [c.id, c]));
}

type Dim = 'stage' | 'subject' | 'grade' | 'edition' | 'volume' | 'type' | 'format';

/** Escapes LIKE wildcards of a keyword word. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Conditions of the filters, by dimension (so that facets can leave one out). */
function conditions(f: ResourceFilters): { dim: Dim | null; cond: SQL }[] {
  const list: { dim: Dim | null; cond: SQL }[] = [{ dim: null, cond: eq(resources.status, 'published') }];
  if (f.stageId) list.push({ dim: 'stage', cond: eq(resources.stageId, f.stageId) });
  if (f.subjectId) list.push({ dim: 'subject', cond: eq(resources.subjectId, f.subjectId) });
  if (f.gradeId) list.push({ dim: 'grade', cond: eq(resources.gradeId, f.gradeId) });
  if (f.editionId) list.push({ dim: 'edition', cond: eq(resources.editionId, f.editionId) });
  if (f.volumeId) list.push({ dim: 'volume', cond: eq(resources.volumeId, f.volumeId) });
  if (f.type) list.push({ dim: 'type', cond: eq(resources.type, f.type) });
  if (f.format) list.push({ dim: 'format', cond: eq(resources.format, f.format) });
  if (f.textbookId) list.push({ dim: null, cond: eq(resources.textbookId, f.textbookId) });
  if (f.chapterId) list.push({ dim: null, cond: sql`${resources.chapterId} in ${chapterSubtree(f.chapterId)}` });
  // Each word occurs in the resource's title or in its textbook's (七年级上册 有理数).
  for (const word of (f.keyword ?? '').split(/\s+/).filter(Boolean)) {
    const like = `%${likeEscape(word)}%`;
    list.push({
      dim: null,
      cond: sql`(${resources.title} ilike ${like} or ${resources.textbookId} in (select id from textbooks where title ilike ${like}))`,
    });
  }
  return list;
}

const whereOf = (list: { cond: SQL }[]) => and(...list.map((c) => c.cond))!;

export async function searchResources(
  db: Db,
  f: ResourceFilters & { sort: 'newest' | 'downloads'; page: number; pageSize: number },
): Promise<{ items: ResourceListItem[]; total: number }> {
  const where = whereOf(conditions(f));
  const order =
    f.sort === 'downloads'
      ? [desc(resources.downloadCount), desc(resources.createdAt), desc(resources.id)]
      : [desc(resources.createdAt), desc(resources.id)];
  // The total rides on the page query (one round trip); only a page past the end needs its own count.
  const paged = await db
    .select({ ...cardColumns, total: sql<number>`count(*) over ()` })
    .from(resources)
    .where(where)
    .orderBy(...order)
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const rows: CardRow[] = paged.map(({ total: _total, ...r }) => r);
  let total = Number(paged[0]?.total ?? 0);
  if (paged.length === 0 && f.page > 1) {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(resources)
      .where(where);
    total = Number(count?.n ?? 0);
  }
  return { items: await toCards(db, rows), total };
}

const DIMS: Dim[] = ['stage', 'subject', 'grade', 'edition', 'volume', 'type', 'format'];

/** The filter value of each dimension, as the cube holds it (ids as text). */
function dimFilters(f: ResourceFilters): Record<Dim, string | undefined> {
  const s = (v: number | undefined) => (v === undefined ? undefined : String(v));
  return {
    stage: s(f.stageId),
    subject: s(f.subjectId),
    grade: s(f.gradeId),
    edition: s(f.editionId),
    volume: s(f.volumeId),
    type: f.type,
    format: f.format,
  };
}

/**
 * Facets of the filters. One query groups the resources that pass the filters which are not facet
 * dimensions (published, book, chapter, keyword) by all seven dimensions; each facet then sums the
 * combinations that pass every OTHER dimension's filter, in process (the catalogue's "cube",
 * docs/textbooks.md, Browsing), so a page of facets is one scan however many dimensions it has.
 */
export async function resourceFacets(db: Db, f: ResourceFilters): Promise<ResourceFacets> {
  const rest = conditions(f).filter((c) => c.dim === null);
  const cube = rowsOf<Record<Dim, string | null> & { n: number }>(
    await db.execute(sql`select stage_id::text as stage, subject_id::text as subject, grade_id::text as grade,
        edition_id::text as edition, volume_id::text as volume, type, format, count(*)::int as n
      from resources where ${whereOf(rest)} group by 1, 2, 3, 4, 5, 6, 7`),
  );
  const want = dimFilters(f);
  const passes = (row: Record<Dim, string | null>, except: Dim | null) =>
    DIMS.every((d) => d === except || want[d] === undefined || row[d] === want[d]);
  const counts = new Map<Dim, Map<string, number>>(DIMS.map((d) => [d, new Map()]));
  let total = 0;
  for (const row of cube) {
    const n = Number(row.n);
    if (passes(row, null)) total += n;
    for (const d of DIMS) {
      const v = row[d];
      if (v !== null && passes(row, d)) counts.get(d)!.set(v, (counts.get(d)!.get(v) ?? 0) + n);
    }
  }
  const ids = [
    ...new Set(
      (['stage', 'subject', 'grade', 'edition', 'volume'] as const).flatMap((d) =>
        [...counts.get(d)!.keys()].map(Number),
      ),
    ),
  ];
  const names = new Map(
    (ids.length
      ? await db
          .select({ id: dictionary.id, name: dictionary.name })
          .from(dictionary)
          .where(inArray(dictionary.id, ids))
          .orderBy(asc(dictionary.sortOrder), asc(dictionary.id))
      : []
    ).map((d, i) => [d.id, { name: d.name, rank: i }]),
  );
  const idFacet = (d: Dim) =>
    [...counts.get(d)!]
      .filter(([v]) => names.has(Number(v)))
      .map(([v, count]) => ({ id: Number(v), name: names.get(Number(v))!.name, count }))
      .sort((a, b) => names.get(a.id)!.rank - names.get(b.id)!.rank);
  const optionFacet = (d: 'type' | 'format', labels: Record<string, string>) => {
    const order = Object.keys(labels);
    return [...counts.get(d)!]
      .filter(([v]) => v in labels)
      .map(([value, count]) => ({ value, name: labels[value]!, count }))
      .sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
  };
  return {
    total,
    stage: idFacet('stage'),
    subject: idFacet('subject'),
    grade: idFacet('grade'),
    edition: idFacet('edition'),
    volume: idFacet('volume'),
    type: optionFacet('type', RESOURCE_TYPE_LABELS),
    format: optionFacet('format', RESOURCE_FORMAT_LABELS),
  };
}
