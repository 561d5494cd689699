/**
 * Catalogue queries: list with filters and keyword search, facets, detail, related books.
 *
 * Speed: everything that does not depend on the keyword is answered from an in-process snapshot
 * keyed by the catalogue version (bumped by a database trigger on any write to textbooks or
 * dictionary, whoever writes): the dictionary names and the "cube" of book counts per
 * (stage, subject, edition, grade, volume, publisher) combination. Facets and list totals are
 * sums over the cube; only the page of items hits the database. Keyword search runs in process
 * over a title index built from the same version on the first keyword query (title-search.ts,
 * ADR 005): matching, ranking and the keyword's cube cost no database work, and the page is one
 * primary-key fetch.
 */
import path from 'node:path';
import type {
  FacetDimension,
  FacetValue,
  TextbookAccess,
  TextbookFacets,
  TextbookFilters,
  TextbookListItem,
} from '@eav/contract';
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { catalogueVersion, dictionary, textbooks } from '../../db/schema';
import { generatedCoverExtension } from './cover-raster';
import { remoteAllowed, servableFile } from './media';
import { TitleIndex, yieldToEventLoop, type Matches, type TitleRow } from './title-search';

export const DIMENSIONS = [
  'stage',
  'subject',
  'edition',
  'grade',
  'volume',
  'publisher',
] as const satisfies readonly FacetDimension[];
type Dim = (typeof DIMENSIONS)[number];
/** The cube's columns: the six dimensions, then readability. */
const CUBE_DIMS = [...DIMENSIONS, 'readable'] as const;
const READABLE_DIM = DIMENSIONS.length;

const FILTER_KEY: Record<Dim, keyof TextbookFilters> = {
  stage: 'stageId',
  subject: 'subjectId',
  edition: 'editionId',
  grade: 'gradeId',
  volume: 'volumeId',
  publisher: 'publisherId',
};
const COLUMN: Record<Dim, AnyPgColumn> = {
  stage: textbooks.stageId,
  subject: textbooks.subjectId,
  edition: textbooks.editionId,
  grade: textbooks.gradeId,
  volume: textbooks.volumeId,
  publisher: textbooks.publisherId,
};

interface DictInfo {
  name: string;
  kind: string;
  sortOrder: number;
}

/**
 * Counts per combination of the six dimensions (0 stands for "none") and readability (1: the
 * server can serve the book's file, 0: not).
 */
interface Cube {
  dims: Int32Array[]; // one column per dimension, same order as DIMENSIONS, then readability
  counts: Int32Array;
  total: number;
}

/** A keyword's ranked matches and their cube. */
interface KeywordResult {
  matches: Matches;
  cube: Cube;
}

/**
 * What keyword search keeps per catalogue version (ADR 005): shared by the snapshots of one version,
 * so that bypassing the snapshot (CACHES_OFF=catalogue-snapshot) does not rebuild the title index.
 */
interface SearchState {
  /** Ids of the readable books, loaded on the first keyword query asking for them. */
  readableIds?: Promise<Set<number>>;
  /** Title index, built on the first keyword query of this version. */
  titles?: Promise<TitleIndex>;
  /** Recent keywords' results (bounded, least recently used evicted first). */
  keywords: LRUCache<string, KeywordResult>;
}

interface Snapshot {
  version: number;
  dict: Map<number, DictInfo>;
  maxDictId: number;
  cube: Cube;
  /** Allowed hosts of remote files (REMOTE_MEDIA_HOSTS) the snapshot was built with. */
  hosts: readonly string[];
  /** SQL condition "the server can serve the book's file" (see `readableCondition`). */
  readable: SQL;
  search: SearchState;
}

/**
 * Size budget of the recent keywords' results per snapshot, in units of 4 bytes: 1 per match, 7 per
 * cube combination (28 bytes) and KEYWORD_ENTRY_OVERHEAD per keyword, so keywords without a match
 * count too: at most ~4 MB plus the keys.
 */
export const KEYWORD_RESULT_BUDGET = 1_000_000;
/** Cost of one cached keyword itself (its key, the cache entry, the result object), in 4-byte units. */
const KEYWORD_ENTRY_OVERHEAD = 64;
/** Most keywords kept per snapshot whatever their size. */
export const KEYWORD_CACHE_MAX = 10_000;

/** Weight of a cached keyword in the budget's units. */
function keywordWeight(result: KeywordResult, key: string): number {
  return KEYWORD_ENTRY_OVERHEAD + Math.ceil(key.length / 2) + result.matches.length + result.cube.counts.length * 7;
}

function keywordCache(): LRUCache<string, KeywordResult> {
  return new LRUCache<string, KeywordResult>({
    max: KEYWORD_CACHE_MAX,
    maxSize: KEYWORD_RESULT_BUDGET,
    sizeCalculation: keywordWeight,
  });
}

/** The result of a keyword that matches nothing: one shared object, whatever the keyword. */
const NO_MATCH: KeywordResult = {
  matches: new Int32Array(0),
  cube: { dims: CUBE_DIMS.map(() => new Int32Array(0)), counts: new Int32Array(0), total: 0 },
};

/** The catalogue's caches a database's app bypasses (CACHES_OFF), per database (set by the feature at start). */
const bypassed = new WeakMap<Db, { snapshot: boolean }>();

/**
 * Records whether the app using `db` bypasses the catalogue's snapshot (CACHES_OFF, for measuring
 * it): without it, dictionary names and counts are read per request. Answers are the same.
 */
export function useCatalogueCaches(db: Db, off: { snapshot: boolean }): void {
  bypassed.set(db, off);
}

/** Hosts whose remote files the server fetches, per database (set by the feature at start). */
const remoteHosts = new WeakMap<Db, readonly string[]>();
const NO_HOSTS: readonly string[] = [];

/**
 * Records the REMOTE_MEDIA_HOSTS of the app using `db`: a book with an imported URL on any other
 * host has no readable file, in its card, the 可在线阅读 filter and the reader alike.
 */
export function useRemoteMediaHosts(db: Db, hosts: readonly string[]): void {
  remoteHosts.set(db, hosts);
}

/** The scheme and authority of a file URL (`https://cdn.example.com:8443`), what the host rule reads. */
const FILE_ORIGIN = sql`substring(${textbooks.fileUrl} from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*')`;

/**
 * SQL form of `servableFile` (media.ts): a stored file, or a remote file (and no stored one) whose
 * origin is on the allow-list. The origins of the imported URLs are few, so they are read once per
 * snapshot and checked by the same `remoteAllowed` the reader uses.
 */
async function readableCondition(db: Db, hosts: readonly string[]): Promise<SQL> {
  const stored = isNotNull(textbooks.fileKey);
  if (!hosts.length) return stored;
  const result = await db.execute(sql`
    select distinct ${FILE_ORIGIN} as origin from ${textbooks}
    where ${textbooks.fileKey} is null and ${textbooks.fileUrl} is not null`);
  const allowed = rowsOf<{ origin: string | null }>(result)
    .map((r) => r.origin)
    .filter((o): o is string => o !== null && remoteAllowed(o, hosts));
  return allowed.length ? or(stored, inArray(FILE_ORIGIN, allowed))! : stored;
}

/** Current catalogue version (one primary-key lookup). */
export async function currentVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ v: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.scope, 'textbooks'));
  return Number(row?.v ?? 0);
}

function toCube(
  rows: {
    s: number;
    j: number;
    e: number;
    g: number | null;
    v: number | null;
    p: number | null;
    r: number | boolean;
    n: number | string;
  }[],
): Cube {
  const len = rows.length;
  const dims = CUBE_DIMS.map(() => new Int32Array(len));
  const counts = new Int32Array(len);
  let total = 0;
  rows.forEach((r, i) => {
    dims[0]![i] = r.s;
    dims[1]![i] = r.j;
    dims[2]![i] = r.e;
    dims[3]![i] = r.g ?? 0;
    dims[4]![i] = r.v ?? 0;
    dims[5]![i] = r.p ?? 0;
    dims[6]![i] = r.r ? 1 : 0;
    counts[i] = Number(r.n);
    total += Number(r.n);
  });
  return { dims, counts, total };
}

async function loadCube(db: Db, readable: SQL): Promise<Cube> {
  const result = await db.execute(sql`
    select stage_id as s, subject_id as j, edition_id as e, grade_id as g, volume_id as v, publisher_id as p,
      (${readable})::int as r, count(*)::int as n
    from textbooks
    group by 1, 2, 3, 4, 5, 6, 7`);
  return toCube(rowsOf(result));
}

/** Per-Db snapshot cache (tests open several databases in one process). */
const snapshots = new WeakMap<Db, { version: number; hosts: readonly string[]; snapshot: Promise<Snapshot> }>();
/** Per-Db keyword search state of the current version. */
const searches = new WeakMap<Db, { version: number; hosts: readonly string[]; state: SearchState }>();

/** The keyword search state of `version` (a new, empty one when the version or hosts moved). */
function searchState(db: Db, version: number, hosts: readonly string[]): SearchState {
  const held = searches.get(db);
  if (held?.version === version && held.hosts === hosts) return held.state;
  const state: SearchState = { keywords: keywordCache() };
  searches.set(db, { version, hosts, state });
  return state;
}

/**
 * The snapshot of the current catalogue version, rebuilt when the version moved. Concurrent
 * requests of one version share one build; a failed build is retried by the next request.
 * Bypassed (CACHES_OFF=catalogue-snapshot), every call builds its own.
 */
export async function snapshot(db: Db): Promise<Snapshot> {
  const version = await currentVersion(db);
  const hosts = remoteHosts.get(db) ?? NO_HOSTS;
  const keep = !bypassed.get(db)?.snapshot;
  const cached = snapshots.get(db);
  if (keep && cached?.version === version && cached.hosts === hosts) {
    const s = await cached.snapshot.catch(() => undefined);
    if (s) return s;
  }
  const building = (async (): Promise<Snapshot> => {
    const readable = await readableCondition(db, hosts);
    const [dictRows, cube] = await Promise.all([
      db
        .select({ id: dictionary.id, name: dictionary.name, kind: dictionary.kind, sortOrder: dictionary.sortOrder })
        .from(dictionary),
      loadCube(db, readable),
    ]);
    const maxDictId = dictRows.reduce((m, d) => Math.max(m, d.id), 0);
    return {
      version,
      dict: new Map(dictRows.map((d) => [d.id, d])),
      maxDictId,
      cube,
      hosts,
      readable,
      search: searchState(db, version, hosts),
    };
  })();
  if (keep) snapshots.set(db, { version, hosts, snapshot: building });
  return building;
}

/**
 * Recent keywords the current snapshot holds and their weight (units of KEYWORD_RESULT_BUDGET):
 * what the keyword cache costs now, for monitoring and tests.
 */
export async function keywordCacheStats(db: Db): Promise<{ keywords: number; weight: number }> {
  const { keywords } = (await snapshot(db)).search;
  return { keywords: keywords.size, weight: keywords.calculatedSize };
}

/** Separators of the title index load: records (RS) and fields (US); a title's RS becomes a space. */
const RS = '\x1e';
const US = '\x1f';

/**
 * The snapshot's title index, loaded once: every book's id, dimensions and title, packed as one
 * text value per 8,192 ids. A packed string is far cheaper to decode than result rows (100,000
 * books: ~200 ms in PostgreSQL, where `json_agg` takes longer), and one value per group of ids
 * keeps each protocol message small (postgres.js copies a large message once per network read,
 * which stalled the event loop for ~100 ms on one 5 MB value).
 */
function titleIndex(db: Db, snap: Snapshot): Promise<TitleIndex> {
  const search = snap.search;
  search.titles ??= (async () => {
    const result = await db.execute(sql`
      select string_agg(concat_ws(chr(31), id, stage_id, subject_id, edition_id, coalesce(grade_id, 0),
               coalesce(volume_id, 0), coalesce(publisher_id, 0), replace(title, chr(30), ' ')), chr(30)) as rows
      from textbooks
      group by id / 8192`);
    const rows: TitleRow[] = [];
    for (const group of rowsOf<{ rows: string }>(result)) {
      for (const record of group.rows.split(RS)) {
        const f = record.split(US);
        rows.push({
          id: Number(f[0]),
          dims: [Number(f[1]), Number(f[2]), Number(f[3]), Number(f[4]), Number(f[5]), Number(f[6])],
          // The title is the last field and may itself hold the field separator.
          title: f.length === 8 ? f[7]! : f.slice(7).join(US),
        });
      }
      await yieldToEventLoop();
    }
    return TitleIndex.build(rows);
  })();
  // A failed load is not cached: the next keyword query tries again.
  search.titles.catch(() => {
    search.titles = undefined;
  });
  return search.titles;
}

/**
 * Builds the current version's title index ahead of the first keyword query (server start);
 * resolves when it is ready, never rejects.
 */
export async function warmTitleIndex(db: Db): Promise<void> {
  await titleIndex(db, await snapshot(db)).catch(() => undefined);
}

/** Splits a keyword into the words that must all occur in the title. */
export function keywordTokens(keyword: string | undefined): string[] {
  if (!keyword) return [];
  return [...new Set(keyword.split(/\s+/).filter(Boolean))].slice(0, 5);
}

/** SQL conditions of the dimension and readability filters (the keyword is matched in process). */
function filterConditions(snap: Snapshot, filters: TextbookFilters): SQL[] {
  const conds: SQL[] = [];
  for (const dim of DIMENSIONS) {
    const value = filters[FILTER_KEY[dim]] as number | undefined;
    if (value !== undefined) conds.push(eq(COLUMN[dim], value));
  }
  if (filters.readable) conds.push(snap.readable);
  return conds;
}

/** The snapshot's readable books' ids (for keyword results), loaded once. */
function readableIds(db: Db, snap: Snapshot): Promise<Set<number>> {
  const search = snap.search;
  search.readableIds ??= db
    .select({ id: textbooks.id })
    .from(textbooks)
    .where(snap.readable)
    .then((rows) => new Set(rows.map((r) => r.id)));
  search.readableIds.catch(() => {
    search.readableIds = undefined;
  });
  return search.readableIds;
}

/** Cube of the books at the given index positions. */
function cubeOf(index: TitleIndex, positions: Matches, readable: Set<number>): Cube {
  const byCombination = new Map<
    string,
    { s: number; j: number; e: number; g: number; v: number; p: number; r: number; n: number }
  >();
  const [s, j, e, g, v, p] = index.dims as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  for (const pos of positions) {
    const r = readable.has(index.ids[pos]!) ? 1 : 0;
    const key = `${s[pos]},${j[pos]},${e[pos]},${g[pos]},${v[pos]},${p[pos]},${r}`;
    const hit = byCombination.get(key);
    if (hit) hit.n++;
    else byCombination.set(key, { s: s[pos]!, j: j[pos]!, e: e[pos]!, g: g[pos]!, v: v[pos]!, p: p[pos]!, r, n: 1 });
  }
  return toCube([...byCombination.values()]);
}

/**
 * A keyword's ranked matches and cube, from the snapshot's recent keywords or computed in process
 * (no database work once the title index is loaded; exported for the memory tests).
 */
export async function keywordResult(
  db: Db,
  snap: Snapshot,
  tokens: string[],
): Promise<{ index: TitleIndex; result: KeywordResult }> {
  const [index, readable] = await Promise.all([titleIndex(db, snap), readableIds(db, snap)]);
  const key = tokens.join(' ');
  const hit = snap.search.keywords.get(key);
  if (hit) return { index, result: hit };
  const matches = index.search(tokens);
  const result = matches.length ? { matches, cube: cubeOf(index, matches, readable) } : NO_MATCH;
  // A result larger than the whole budget is not kept (LRUCache refuses it): computed again next time.
  snap.search.keywords.set(key, result);
  return { index, result };
}

/** What each cube column must equal (undefined: anything): the dimension filters, then readability. */
function filterVector(filters: TextbookFilters): (number | undefined)[] {
  return [...DIMENSIONS.map((d) => filters[FILTER_KEY[d]] as number | undefined), filters.readable ? 1 : undefined];
}

/** Books matching every filter (keyword included through the cube). */
function cubeTotal(cube: Cube, want: (number | undefined)[]): number {
  let total = 0;
  const n = cube.counts.length;
  outer: for (let i = 0; i < n; i++) {
    for (let d = 0; d < want.length; d++) {
      const w = want[d];
      if (w !== undefined && cube.dims[d]![i] !== w) continue outer;
    }
    total += cube.counts[i]!;
  }
  return total;
}

/**
 * Facets: for each dimension, its values with the number of books when every OTHER filter is
 * applied (so a value offered never leads to an empty list), plus the total with all filters.
 */
export async function facets(db: Db, filters: TextbookFilters): Promise<TextbookFacets> {
  const snap = await snapshot(db);
  const tokens = keywordTokens(filters.keyword);
  const cube = tokens.length ? (await keywordResult(db, snap, tokens)).result.cube : snap.cube;
  const want = filterVector(filters);
  // Dictionary ids are small integers: count into typed arrays instead of maps.
  const size = snap.maxDictId + 1;
  const perDim = CUBE_DIMS.map(() => new Float64Array(size));
  let total = 0;
  const n = cube.counts.length;
  const D = CUBE_DIMS.length;
  for (let i = 0; i < n; i++) {
    // A combination counts for a dimension only if it fails none of the OTHER filters.
    let failed = -1;
    let failures = 0;
    for (let d = 0; d < D; d++) {
      const w = want[d];
      if (w !== undefined && cube.dims[d]![i] !== w) {
        failures++;
        failed = d;
        if (failures > 1) break;
      }
    }
    if (failures > 1) continue;
    const c = cube.counts[i]!;
    if (failures === 0) {
      total += c;
      for (let d = 0; d < D; d++) perDim[d]![cube.dims[d]![i]!]! += c;
    } else {
      perDim[failed]![cube.dims[failed]![i]!]! += c;
    }
  }
  const out = { total } as TextbookFacets;
  DIMENSIONS.forEach((dim, d) => {
    const values: (FacetValue & { order: number })[] = [];
    const counts = perDim[d]!;
    // Index 0 stands for "none" (no grade, volume or publisher): not a value to offer.
    for (let id = 1; id < counts.length; id++) {
      const count = counts[id]!;
      if (!count) continue;
      const info = snap.dict.get(id);
      values.push({ id, name: info?.name ?? String(id), count, order: info?.sortOrder ?? 1e9 });
    }
    values.sort((a, b) => a.order - b.order || a.id - b.id);
    out[dim] = values.map(({ id, name, count }) => ({ id, name, count }));
  });
  out.readable = perDim[READABLE_DIM]![1] ?? 0;
  return out;
}

/** Columns a catalogue card needs. */
export const cardColumns = {
  id: textbooks.id,
  externalId: textbooks.externalId,
  title: textbooks.title,
  stageId: textbooks.stageId,
  subjectId: textbooks.subjectId,
  editionId: textbooks.editionId,
  gradeId: textbooks.gradeId,
  volumeId: textbooks.volumeId,
  publisherId: textbooks.publisherId,
  coverUrl: textbooks.coverUrl,
  coverKey: textbooks.coverKey,
  access: textbooks.access,
  fileKey: textbooks.fileKey,
  fileUrl: textbooks.fileUrl,
  pageCount: textbooks.pageCount,
  updatedAt: textbooks.updatedAt,
};
export type CardRow = {
  id: number;
  externalId: string;
  title: string;
  stageId: number;
  subjectId: number;
  editionId: number;
  gradeId: number | null;
  volumeId: number | null;
  publisherId: number | null;
  coverUrl: string | null;
  coverKey: string | null;
  access: string;
  fileKey: string | null;
  fileUrl: string | null;
  pageCount: number | null;
  updatedAt: Date;
};

/**
 * Public URL of a book's cover (docs/textbooks.md, Covers): imported http(s) cover, stored cover, or
 * the generated one (WebP where the server can draw it, else SVG: cover-raster.ts). `v` is the
 * book's last change in seconds, so a changed book gets a new URL.
 */
export function coverUrlOf(row: Pick<CardRow, 'id' | 'coverUrl' | 'coverKey' | 'updatedAt'>): string {
  if (row.coverUrl) return row.coverUrl;
  const v = Math.floor(new Date(row.updatedAt).getTime() / 1000);
  if (row.coverKey) return `/covers/${row.id}${path.extname(row.coverKey)}?v=${v}`;
  return `/covers/${row.id}.${generatedCoverExtension()}?v=${v}`;
}

/** Builds catalogue cards from rows using the snapshot's dictionary names. */
export function toCards(snap: Snapshot, rows: CardRow[]): TextbookListItem[] {
  const entry = (id: number | null) => (id ? { id, name: snap.dict.get(id)?.name ?? '' } : null);
  return rows.map((r) => ({
    id: r.id,
    externalId: r.externalId,
    title: r.title,
    stage: entry(r.stageId)!,
    subject: entry(r.subjectId)!,
    edition: entry(r.editionId)!,
    grade: entry(r.gradeId),
    volume: entry(r.volumeId),
    publisher: entry(r.publisherId),
    coverUrl: coverUrlOf(r),
    access: r.access as TextbookAccess,
    hasFile: servableFile(r, snap.hosts),
    pageCount: r.pageCount,
  }));
}

/** Curriculum display order: stage, subject, edition, grade, volume (dictionary ids follow the official order). */
const DISPLAY_ORDER = [
  asc(textbooks.stageId),
  asc(textbooks.subjectId),
  asc(textbooks.editionId),
  asc(textbooks.gradeId),
  asc(textbooks.volumeId),
  asc(textbooks.id),
];

/**
 * A page of the catalogue. With a keyword, results are ranked by relevance (exact title, prefix,
 * share of the title covered by the keyword) in process (title-search.ts), then fetched by id;
 * without one, in display order straight from the database.
 */
export async function listTextbooks(
  db: Db,
  filters: TextbookFilters,
  pageNo: number,
  pageSize: number,
): Promise<{ items: TextbookListItem[]; total: number }> {
  const snap = await snapshot(db);
  const tokens = keywordTokens(filters.keyword);
  const want = filterVector(filters);
  const offset = (pageNo - 1) * pageSize;
  if (tokens.length) {
    const { index, result } = await keywordResult(db, snap, tokens);
    const total = cubeTotal(result.cube, want);
    if (total === 0 || offset >= total) return { items: [], total };
    const ids = filters.readable
      ? readablePage(index, result.matches, await readableIds(db, snap), want, offset, pageSize)
      : index.page(result.matches, want.slice(0, READABLE_DIM), offset, pageSize);
    const rows = await db.select(cardColumns).from(textbooks).where(inArray(textbooks.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    // A book deleted since the snapshot simply drops out of this page.
    const ranked = ids.flatMap((id) => byId.get(id) ?? []);
    return { items: toCards(snap, ranked), total };
  }
  const total = cubeTotal(snap.cube, want);
  if (total === 0 || offset >= total) return { items: [], total };
  const conds = filterConditions(snap, filters);
  const rows = await db
    .select(cardColumns)
    .from(textbooks)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(...DISPLAY_ORDER)
    .limit(pageSize)
    .offset(offset);
  return { items: toCards(snap, rows), total };
}

/** A page of a keyword's readable matches that pass the dimension filters, in rank order. */
function readablePage(
  index: TitleIndex,
  matches: Matches,
  readable: Set<number>,
  want: (number | undefined)[],
  offset: number,
  limit: number,
): number[] {
  const kept = matches.filter((pos) => readable.has(index.ids[pos]!));
  return index.page(kept, want.slice(0, READABLE_DIM), offset, limit);
}

/** Cards by id, in the given order. */
export async function cardsByIds(db: Db, ids: number[]): Promise<Map<number, TextbookListItem>> {
  if (!ids.length) return new Map();
  const snap = await snapshot(db);
  const rows = await db.select(cardColumns).from(textbooks).where(inArray(textbooks.id, ids));
  return new Map(toCards(snap, rows).map((c) => [c.id, c]));
}

/**
 * Related books: the rest of the same series (same stage, subject, edition) first, then the
 * same stage, subject and grade in other editions.
 */
export async function relatedTextbooks(db: Db, book: CardRow, limit = 8): Promise<TextbookListItem[]> {
  const snap = await snapshot(db);
  const sameSeries = and(
    eq(textbooks.stageId, book.stageId),
    eq(textbooks.subjectId, book.subjectId),
    eq(textbooks.editionId, book.editionId),
  );
  const sameGrade =
    book.gradeId !== null
      ? and(
          eq(textbooks.stageId, book.stageId),
          eq(textbooks.subjectId, book.subjectId),
          eq(textbooks.gradeId, book.gradeId),
        )
      : and(
          eq(textbooks.stageId, book.stageId),
          eq(textbooks.subjectId, book.subjectId),
          book.volumeId ? eq(textbooks.volumeId, book.volumeId) : isNotNull(textbooks.id),
        );
  const rows = await db
    .select(cardColumns)
    .from(textbooks)
    .where(and(ne(textbooks.id, book.id), or(sameSeries, sameGrade)))
    .orderBy(desc(sql`(${textbooks.editionId} = ${book.editionId})`), ...DISPLAY_ORDER)
    .limit(limit);
  return toCards(snap, rows);
}

/** One book's card row, or undefined. */
export async function findBook(
  db: Db,
  id: number,
): Promise<(CardRow & { description: string | null; fileSize: number | null }) | undefined> {
  const [row] = await db
    .select({ ...cardColumns, description: textbooks.description, fileSize: textbooks.fileSize })
    .from(textbooks)
    .where(eq(textbooks.id, id));
  return row;
}
