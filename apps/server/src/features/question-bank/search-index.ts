/**
 * In-process search of questions and papers (docs/question-bank.md, Search; the approach of
 * docs/decisions/005-keyword-search-in-process.md): a snapshot of every question's filter dimensions
 * and lower-cased stem, and of every paper's, keyed by the question-bank and catalogue versions
 * (catalogue_version, bumped by triggers on every write, whoever writes). Lists, totals and facets are
 * answered from the snapshot; the database only fetches the page's rows by id.
 *
 * Keyword matching finds substrings of the stem (papers: of the title, and a year word such as 2010 or
 * 2010年 also matches the paper's year), every space-separated word must occur. Stems are held in one
 * string, scanned with `indexOf`; a keyword's matches are kept for recent keywords (least recently used
 * evicted), so paging and facets of a search cost no new scan.
 */
import {
  DIFFICULTY_LABELS,
  PAPER_TYPES,
  QUESTION_ORIGIN_LABELS,
  QUESTION_ORIGINS,
  QUESTION_TYPES,
  type FacetValue,
  type PaperFacets,
  type PaperFilters,
  type PaperListItem,
  type QuestionFacets,
  type QuestionDetail,
  type QuestionFilters,
  type QuestionOrigin,
  type ValueFacet,
} from '@eav/contract';
import { inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { catalogueVersion, dictionary } from '../../db/schema';

// ---------------------------------------------------------------------------------------------

const NONE = -1;

interface DictInfo {
  name: string;
  sortOrder: number;
}

interface QuestionSnapshot {
  n: number;
  /** Question ids in list order (newest year first, then id). */
  ids: Int32Array;
  stage: Int32Array;
  subject: Int32Array;
  type: Int8Array;
  difficulty: Int8Array;
  year: Int16Array;
  region: Int32Array;
  origin: Int8Array;
  regions: string[];
  /** Lower-cased stems joined by U+0000, and where each row starts in it. */
  text: string;
  starts: Int32Array;
  /** Rows tagged with a knowledge point or a point below it (ascending row numbers). */
  kpRows: Map<number, Int32Array>;
  /** Knowledge points mapped to a chapter (the chapter's own mapping). */
  chapterKps: Map<number, number[]>;
  chapterChildren: Map<number, number[]>;
  bookChapters: Map<number, number[]>;
  /** Row sets of chapters and books, computed on first use. */
  setCache: Map<string, Int32Array>;
  keywordCache: LRUCache<string, Int32Array>;
  /** Matching rows and facets per filter set, and question details by id, for this snapshot. */
  matchCache: LRUCache<string, Int32Array>;
  facetCache: LRUCache<string, QuestionFacets>;
  details: LRUCache<number, QuestionDetail>;
  dict: Map<number, DictInfo>;
}

interface PaperSnapshot {
  n: number;
  ids: Int32Array;
  stage: Int32Array;
  subject: Int32Array;
  grade: Int32Array;
  year: Int16Array;
  region: Int32Array;
  paperType: Int8Array;
  regions: string[];
  titles: string[];
  /** Paper cards by id, matching rows and facets per filter set, for this snapshot. */
  cards: Map<number, PaperListItem>;
  matchCache: LRUCache<string, Int32Array>;
  facetCache: LRUCache<string, PaperFacets>;
  dict: Map<number, DictInfo>;
}

interface Snapshot {
  version: string;
  questions: QuestionSnapshot;
  papers: PaperSnapshot;
}

interface CacheEntry {
  current?: Snapshot;
  building?: Promise<Snapshot>;
  buildingVersion?: string;
  /** When the version was last read (ms) and what it was: reads are spaced by VERSION_CHECK_MS. */
  checkedAt: number;
  checkedVersion?: string;
}
const cache = new WeakMap<Db, CacheEntry>();

/**
 * How long a version read is trusted: a write by another process (an import command, another instance) is
 * seen at most this late; writes through this process's importers drop the trust at once
 * (`invalidateSnapshot`).
 */
const VERSION_CHECK_MS = 250;

/** Makes the next search read the version again (called after an import in this process). */
export function invalidateSnapshot(db: Db): void {
  const entry = cache.get(db);
  if (entry) entry.checkedAt = 0;
}

async function currentVersion(db: Db): Promise<string> {
  const rows = await db
    .select({ scope: catalogueVersion.scope, version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(inArray(catalogueVersion.scope, ['question-bank', 'textbooks']));
  return rows
    .sort((a, b) => a.scope.localeCompare(b.scope))
    .map((r) => `${r.scope}:${r.version}`)
    .join(',');
}

/** The snapshot of the current version (built on first use after a change; concurrent callers share the build). */
export async function snapshot(db: Db): Promise<Snapshot> {
  let entry = cache.get(db);
  if (!entry) cache.set(db, (entry = { checkedAt: 0 }));
  const now = Date.now();
  if (entry.current && entry.checkedVersion === entry.current.version && now - entry.checkedAt < VERSION_CHECK_MS)
    return entry.current;
  const version = await currentVersion(db);
  entry.checkedAt = now;
  entry.checkedVersion = version;
  if (entry.current?.version === version) return entry.current;
  if (entry.building && entry.buildingVersion === version) return entry.building;
  const e = entry;
  e.buildingVersion = version;
  e.building = build(db, version).then(
    (s) => {
      if (e.buildingVersion === version) {
        e.current = s;
        e.building = undefined;
      }
      return s;
    },
    (err: unknown) => {
      e.building = undefined;
      throw err;
    },
  );
  return e.building;
}

const typeIndex = new Map<string, number>(QUESTION_TYPES.map((t, i) => [t, i]));
const originIndex = new Map<string, number>(QUESTION_ORIGINS.map((o, i) => [o, i]));
const paperTypeIndex = new Map<string, number>(PAPER_TYPES.map((t, i) => [t, i]));

async function build(db: Db, version: string): Promise<Snapshot> {
  const dictRows = await db
    .select({ id: dictionary.id, name: dictionary.name, sortOrder: dictionary.sortOrder })
    .from(dictionary);
  const dict = new Map(dictRows.map((d) => [d.id, { name: d.name, sortOrder: d.sortOrder }]));

  // Questions, in list order.
  const qRows = rowsOf<{
    id: number;
    stage_id: number;
    subject_id: number;
    type: string;
    difficulty: number | null;
    year: number | null;
    region: string | null;
    origin: string;
    stem: string;
  }>(
    await db.execute(
      sql`SELECT id, stage_id, subject_id, type, difficulty, year, region, origin, lower(stem) AS stem
          FROM questions ORDER BY year DESC NULLS LAST, id`,
    ),
  );
  const n = qRows.length;
  const regions: string[] = [];
  const regionIdx = new Map<string, number>();
  const q: QuestionSnapshot = {
    n,
    ids: new Int32Array(n),
    stage: new Int32Array(n),
    subject: new Int32Array(n),
    type: new Int8Array(n),
    difficulty: new Int8Array(n),
    year: new Int16Array(n),
    region: new Int32Array(n),
    origin: new Int8Array(n),
    regions,
    text: '',
    starts: new Int32Array(n + 1),
    kpRows: new Map(),
    chapterKps: new Map(),
    chapterChildren: new Map(),
    bookChapters: new Map(),
    setCache: new Map(),
    keywordCache: new LRUCache({ max: 500 }),
    matchCache: new LRUCache({ max: 2000 }),
    facetCache: new LRUCache({ max: 2000 }),
    details: new LRUCache({ max: 5000 }),
    dict,
  };
  const rowOf = new Map<number, number>();
  const parts: string[] = [];
  let offset = 0;
  qRows.forEach((r, i) => {
    q.ids[i] = r.id;
    rowOf.set(r.id, i);
    q.stage[i] = r.stage_id;
    q.subject[i] = r.subject_id;
    q.type[i] = typeIndex.get(r.type) ?? NONE;
    q.difficulty[i] = r.difficulty ?? 0;
    q.year[i] = r.year ?? 0;
    if (r.region) {
      let ri = regionIdx.get(r.region);
      if (ri === undefined) {
        ri = regions.length;
        regions.push(r.region);
        regionIdx.set(r.region, ri);
      }
      q.region[i] = ri;
    } else q.region[i] = NONE;
    q.origin[i] = originIndex.get(r.origin) ?? 0;
    q.starts[i] = offset;
    parts.push(r.stem);
    offset += r.stem.length + 1;
  });
  q.starts[n] = offset;
  q.text = parts.join('\u0000');

  // Knowledge points: each tagged question counts for the point and every point above it.
  const kps = rowsOf<{ id: number; parent_id: number | null }>(
    await db.execute(sql`SELECT id, parent_id FROM knowledge_points`),
  );
  const parentOf = new Map(kps.map((k) => [k.id, k.parent_id]));
  const links = rowsOf<{ question_id: number; knowledge_point_id: number }>(
    await db.execute(sql`SELECT question_id, knowledge_point_id FROM question_knowledge_points`),
  );
  const lists = new Map<number, Set<number>>();
  for (const l of links) {
    const row = rowOf.get(l.question_id);
    if (row === undefined) continue;
    let k: number | null | undefined = l.knowledge_point_id;
    let guard = 0;
    while (k !== null && k !== undefined && guard++ < 20) {
      if (!lists.has(k)) lists.set(k, new Set());
      lists.get(k)!.add(row);
      k = parentOf.get(k);
    }
  }
  for (const [k, set] of lists) q.kpRows.set(k, Int32Array.from(set).sort());

  const chapters = rowsOf<{ id: number; parent_id: number | null; textbook_id: number }>(
    await db.execute(sql`SELECT id, parent_id, textbook_id FROM textbook_chapters`),
  );
  for (const c of chapters) {
    if (c.parent_id !== null) {
      if (!q.chapterChildren.has(c.parent_id)) q.chapterChildren.set(c.parent_id, []);
      q.chapterChildren.get(c.parent_id)!.push(c.id);
    }
    if (!q.bookChapters.has(c.textbook_id)) q.bookChapters.set(c.textbook_id, []);
    q.bookChapters.get(c.textbook_id)!.push(c.id);
  }
  const ckps = rowsOf<{ chapter_id: number; knowledge_point_id: number }>(
    await db.execute(sql`SELECT chapter_id, knowledge_point_id FROM chapter_knowledge_points`),
  );
  for (const c of ckps) {
    if (!q.chapterKps.has(c.chapter_id)) q.chapterKps.set(c.chapter_id, []);
    q.chapterKps.get(c.chapter_id)!.push(c.knowledge_point_id);
  }

  // Papers.
  const pRows = rowsOf<{
    id: number;
    stage_id: number;
    subject_id: number;
    grade_id: number | null;
    year: number | null;
    region: string | null;
    paper_type: string;
    title: string;
  }>(
    await db.execute(
      sql`SELECT id, stage_id, subject_id, grade_id, year, region, paper_type, lower(title) AS title
          FROM papers ORDER BY year DESC NULLS LAST, id`,
    ),
  );
  const pn = pRows.length;
  const pRegions: string[] = [];
  const pRegionIdx = new Map<string, number>();
  const p: PaperSnapshot = {
    n: pn,
    ids: new Int32Array(pn),
    stage: new Int32Array(pn),
    subject: new Int32Array(pn),
    grade: new Int32Array(pn),
    year: new Int16Array(pn),
    region: new Int32Array(pn),
    paperType: new Int8Array(pn),
    regions: pRegions,
    titles: [],
    cards: new Map(),
    matchCache: new LRUCache({ max: 1000 }),
    facetCache: new LRUCache({ max: 1000 }),
    dict,
  };
  pRows.forEach((r, i) => {
    p.ids[i] = r.id;
    p.stage[i] = r.stage_id;
    p.subject[i] = r.subject_id;
    p.grade[i] = r.grade_id ?? NONE;
    p.year[i] = r.year ?? 0;
    if (r.region) {
      let ri = pRegionIdx.get(r.region);
      if (ri === undefined) {
        ri = pRegions.length;
        pRegions.push(r.region);
        pRegionIdx.set(r.region, ri);
      }
      p.region[i] = ri;
    } else p.region[i] = NONE;
    p.paperType[i] = paperTypeIndex.get(r.paper_type) ?? NONE;
    p.titles.push(r.title);
  });
  return { version, questions: q, papers: p };
}

/** Caches of the current snapshot for details fetched by id (question details, paper cards). */
export async function byIdCaches(
  db: Db,
): Promise<{ details: LRUCache<number, QuestionDetail>; paperCards: Map<number, PaperListItem> }> {
  const s = await snapshot(db);
  return { details: s.questions.details, paperCards: s.papers.cards };
}

// ---------------------------------------------------------------------------------------------
// Row sets

function keywordWords(keyword: string | undefined): string[] {
  return keyword
    ? [...new Set(keyword.toLowerCase().split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length)
    : [];
}

/** Row of a text offset (binary search over the row starts). */
function rowAt(starts: Int32Array, n: number, pos: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Rows whose stem contains `word` (ascending). */
function rowsWithWord(q: QuestionSnapshot, word: string): Int32Array {
  const hit = q.keywordCache.get(word);
  if (hit) return hit;
  const out: number[] = [];
  let pos = q.text.indexOf(word);
  while (pos >= 0) {
    const row = rowAt(q.starts, q.n, pos);
    out.push(row);
    // Continue after this row: one hit per row is enough.
    pos = q.text.indexOf(word, q.starts[row + 1]!);
  }
  const arr = Int32Array.from(out);
  q.keywordCache.set(word, arr);
  return arr;
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return Int32Array.from(out);
}

function unionOf(lists: Int32Array[]): Int32Array {
  const set = new Set<number>();
  for (const l of lists) for (const v of l) set.add(v);
  return Int32Array.from(set).sort();
}

/** Rows of a chapter: questions of the knowledge points mapped to it or to any chapter below it. */
function chapterRows(q: QuestionSnapshot, chapterId: number): Int32Array {
  const key = `c${chapterId}`;
  const hit = q.setCache.get(key);
  if (hit) return hit;
  const kps = new Set<number>();
  const stack = [chapterId];
  let guard = 0;
  while (stack.length && guard++ < 100_000) {
    const c = stack.pop()!;
    for (const k of q.chapterKps.get(c) ?? []) kps.add(k);
    stack.push(...(q.chapterChildren.get(c) ?? []));
  }
  const rows = unionOf([...kps].map((k) => q.kpRows.get(k) ?? new Int32Array(0)));
  q.setCache.set(key, rows);
  return rows;
}

function bookRows(q: QuestionSnapshot, textbookId: number): Int32Array {
  const key = `b${textbookId}`;
  const hit = q.setCache.get(key);
  if (hit) return hit;
  const rows = unionOf((q.bookChapters.get(textbookId) ?? []).map((c) => chapterRows(q, c)));
  q.setCache.set(key, rows);
  return rows;
}

/** Candidate rows of the set-like filters (keyword, knowledge point, chapter, book); null = every row. */
function candidates(q: QuestionSnapshot, f: QuestionFilters): Int32Array | null {
  const sets: Int32Array[] = [];
  for (const w of keywordWords(f.keyword)) sets.push(rowsWithWord(q, w));
  if (f.knowledgePointId) sets.push(q.kpRows.get(f.knowledgePointId) ?? new Int32Array(0));
  if (f.chapterId) sets.push(chapterRows(q, f.chapterId));
  if (f.textbookId) sets.push(bookRows(q, f.textbookId));
  if (!sets.length) return null;
  sets.sort((a, b) => a.length - b.length);
  return sets.reduce((acc, s) => intersect(acc, s));
}

// ---------------------------------------------------------------------------------------------
// Questions

const Q_DIMS = ['stage', 'subject', 'type', 'difficulty', 'year', 'region', 'origin'] as const;
type QDim = (typeof Q_DIMS)[number];

type DimArray = Int32Array | Int8Array | Int16Array;

/** The array of each dimension and the wanted value of each active filter (undefined = not filtered). */
function questionMatchers(q: QuestionSnapshot, f: QuestionFilters) {
  const regionWanted = f.region === undefined ? undefined : q.regions.indexOf(f.region);
  const wanted: Record<QDim, number | undefined> = {
    stage: f.stageId,
    subject: f.subjectId,
    type: f.type === undefined ? undefined : typeIndex.get(f.type)!,
    difficulty: f.difficulty,
    year: f.year,
    region: regionWanted === undefined ? undefined : regionWanted < 0 ? -2 : regionWanted,
    origin: f.origin === undefined ? undefined : originIndex.get(f.origin)!,
  };
  const arrays: Record<QDim, DimArray> = {
    stage: q.stage,
    subject: q.subject,
    type: q.type,
    difficulty: q.difficulty,
    year: q.year,
    region: q.region,
    origin: q.origin,
  };
  const active = Q_DIMS.filter((d) => wanted[d] !== undefined);
  return { wanted, arrays, active };
}

/** Cache key of a filter set (page and page size excluded). */
function filterKey(f: object): string {
  return JSON.stringify(
    Object.entries(f)
      .filter(([k, v]) => v !== undefined && k !== 'page' && k !== 'pageSize')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Rows matching every filter, in list order (cached per filter set for this snapshot). */
function matchingRows(q: QuestionSnapshot, f: QuestionFilters): Int32Array {
  const key = filterKey(f);
  const hit = q.matchCache.get(key);
  if (hit) return hit;
  const cand = candidates(q, f);
  const { wanted, arrays, active } = questionMatchers(q, f);
  const checkArrays = active.map((d) => arrays[d]);
  const checkValues = active.map((d) => wanted[d]!);
  const c = checkArrays.length;
  const size = cand ? cand.length : q.n;
  const out = new Int32Array(size);
  let k = 0;
  outer: for (let j = 0; j < size; j++) {
    const i = cand ? cand[j]! : j;
    for (let x = 0; x < c; x++) if (checkArrays[x]![i] !== checkValues[x]) continue outer;
    out[k++] = i;
  }
  const rows = out.slice(0, k);
  q.matchCache.set(key, rows);
  return rows;
}

/** The ids of one page of questions matching `f`, and the total. */
export async function searchQuestions(
  db: Db,
  f: QuestionFilters,
  page: number,
  pageSize: number,
): Promise<{ ids: number[]; total: number }> {
  const { questions: q } = await snapshot(db);
  const rows = matchingRows(q, f);
  const from = (page - 1) * pageSize;
  const ids: number[] = [];
  for (let k = from; k < Math.min(rows.length, from + pageSize); k++) ids.push(q.ids[rows[k]!]!);
  return { ids, total: rows.length };
}

function dictFacet(dict: Map<number, DictInfo>, counts: Map<number, number>): FacetValue[] {
  return [...counts.entries()]
    .filter(([id, c]) => c > 0 && dict.has(id))
    .map(([id, count]) => ({ id, name: dict.get(id)!.name, count, sort: dict.get(id)!.sortOrder }))
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map(({ id, name, count }) => ({ id, name, count }));
}

/** A facet of plain values: those with a positive count, in `order`. */
function valueFacet(
  m: Map<number, number>,
  toValue: (v: number) => string | null,
  label: (v: number) => string,
  order: (a: number, b: number) => number,
): ValueFacet[] {
  return [...m.entries()]
    .filter(([v, c]) => c > 0 && toValue(v) !== null)
    .sort(([a], [b]) => order(a, b))
    .map(([v, count]) => ({ value: toValue(v)!, label: label(v), count }));
}

/** Facets of the question bank: each dimension counted with every other filter applied (cached per filter set). */
export async function questionFacets(db: Db, f: QuestionFilters): Promise<QuestionFacets> {
  const { questions: q } = await snapshot(db);
  const key = filterKey(f);
  const hit = q.facetCache.get(key);
  if (hit) return hit;
  const facets = computeQuestionFacets(q, f);
  q.facetCache.set(key, facets);
  return facets;
}

function computeQuestionFacets(q: QuestionSnapshot, f: QuestionFilters): QuestionFacets {
  const cand = candidates(q, f);
  const { wanted, arrays, active } = questionMatchers(q, f);
  const counts: Record<QDim, Map<number, number>> = {
    stage: new Map(),
    subject: new Map(),
    type: new Map(),
    difficulty: new Map(),
    year: new Map(),
    region: new Map(),
    origin: new Map(),
  };
  let total = 0;
  const activeArrays = active.map((d) => arrays[d]);
  const activeValues = active.map((d) => wanted[d]!);
  const activeCounts = active.map((d) => counts[d]);
  const allArrays = Q_DIMS.map((d) => arrays[d]);
  const allCounts = Q_DIMS.map((d) => counts[d]);
  const size = cand ? cand.length : q.n;
  for (let j = 0; j < size; j++) {
    const i = cand ? cand[j]! : j;
    // A row failing exactly one filter counts for that dimension only; failing none, everywhere.
    let failed = -1;
    let fails = 0;
    for (let x = 0; x < activeArrays.length && fails < 2; x++) {
      if (activeArrays[x]![i] !== activeValues[x]) {
        failed = x;
        fails++;
      }
    }
    if (fails > 1) continue;
    if (fails === 1) {
      const v = activeArrays[failed]![i]!;
      const m = activeCounts[failed]!;
      m.set(v, (m.get(v) ?? 0) + 1);
      continue;
    }
    total++;
    for (let d = 0; d < allArrays.length; d++) {
      const v = allArrays[d]![i]!;
      const m = allCounts[d]!;
      m.set(v, (m.get(v) ?? 0) + 1);
    }
  }
  const type = valueFacet(
    counts.type,
    (v) => QUESTION_TYPES[v] ?? null,
    (v) => QUESTION_TYPES[v]!,
    (a, b) => a - b,
  );
  const difficulty = valueFacet(
    counts.difficulty,
    (v) => (v > 0 && DIFFICULTY_LABELS[v] ? String(v) : null),
    (v) => DIFFICULTY_LABELS[v]!,
    (a, b) => a - b,
  );
  const year = valueFacet(
    counts.year,
    (v) => (v > 0 ? String(v) : null),
    (v) => `${v}年`,
    (a, b) => b - a,
  );
  const region = valueFacet(
    counts.region,
    (v) => (v >= 0 ? q.regions[v]! : null),
    (v) => q.regions[v]!,
    (a, b) => q.regions[a]!.localeCompare(q.regions[b]!, 'zh-Hans-CN'),
  );
  const origin = valueFacet(
    counts.origin,
    (v) => QUESTION_ORIGINS[v] ?? null,
    (v) => QUESTION_ORIGIN_LABELS[QUESTION_ORIGINS[v] as QuestionOrigin],
    (a, b) => a - b,
  );
  return {
    total,
    stage: dictFacet(q.dict, counts.stage),
    subject: dictFacet(q.dict, counts.subject),
    type,
    difficulty,
    year,
    region,
    origin,
  };
}

/** Question counts per knowledge point (the point and every point below it). */
export async function knowledgePointCounts(db: Db): Promise<Map<number, number>> {
  const { questions: q } = await snapshot(db);
  return new Map([...q.kpRows.entries()].map(([k, rows]) => [k, rows.length]));
}

/** Question counts of chapters (mapped knowledge points of the chapter and its sub-chapters). */
export async function chapterQuestionCounts(db: Db, chapterIds: number[]): Promise<Map<number, number>> {
  const { questions: q } = await snapshot(db);
  return new Map(chapterIds.map((c) => [c, chapterRows(q, c).length]));
}

// ---------------------------------------------------------------------------------------------
// Papers

const P_DIMS = ['stage', 'subject', 'grade', 'year', 'region', 'paperType'] as const;
type PDim = (typeof P_DIMS)[number];

function paperMatchers(p: PaperSnapshot, f: PaperFilters) {
  const regionWanted = f.region === undefined ? undefined : p.regions.indexOf(f.region);
  const wanted: Record<PDim, number | undefined> = {
    stage: f.stageId,
    subject: f.subjectId,
    grade: f.gradeId,
    year: f.year,
    region: regionWanted === undefined ? undefined : regionWanted < 0 ? -2 : regionWanted,
    paperType: f.paperType === undefined ? undefined : paperTypeIndex.get(f.paperType)!,
  };
  const value: Record<PDim, (i: number) => number> = {
    stage: (i) => p.stage[i]!,
    subject: (i) => p.subject[i]!,
    grade: (i) => p.grade[i]!,
    year: (i) => p.year[i]!,
    region: (i) => p.region[i]!,
    paperType: (i) => p.paperType[i]!,
  };
  const words = keywordWords(f.keyword);
  // A word that is a year (2010, 2010年) also matches the paper's year: a title need not name it.
  const years = words.map((w) => /^(\d{4})年?$/.exec(w)?.[1]).map((y) => (y ? Number(y) : undefined));
  const keywordOk = (i: number) => words.every((w, k) => p.titles[i]!.includes(w) || years[k] === p.year[i]);
  return { wanted, value, active: P_DIMS.filter((d) => wanted[d] !== undefined), keywordOk };
}

export async function searchPapers(
  db: Db,
  f: PaperFilters,
  page: number,
  pageSize: number,
): Promise<{ ids: number[]; total: number }> {
  const { papers: p } = await snapshot(db);
  const key = filterKey(f);
  let rows = p.matchCache.get(key);
  if (!rows) {
    const { wanted, value, active, keywordOk } = paperMatchers(p, f);
    const out: number[] = [];
    for (let i = 0; i < p.n; i++) if (keywordOk(i) && active.every((d) => value[d](i) === wanted[d])) out.push(i);
    rows = Int32Array.from(out);
    p.matchCache.set(key, rows);
  }
  const from = (page - 1) * pageSize;
  const ids: number[] = [];
  for (let k = from; k < Math.min(rows.length, from + pageSize); k++) ids.push(p.ids[rows[k]!]!);
  return { ids, total: rows.length };
}

export async function paperFacets(db: Db, f: PaperFilters): Promise<PaperFacets> {
  const { papers: p } = await snapshot(db);
  const key = filterKey(f);
  const hit = p.facetCache.get(key);
  if (hit) return hit;
  const facets = computePaperFacets(p, f);
  p.facetCache.set(key, facets);
  return facets;
}

function computePaperFacets(p: PaperSnapshot, f: PaperFilters): PaperFacets {
  const { wanted, value, active, keywordOk } = paperMatchers(p, f);
  const counts: Record<PDim, Map<number, number>> = {
    stage: new Map(),
    subject: new Map(),
    grade: new Map(),
    year: new Map(),
    region: new Map(),
    paperType: new Map(),
  };
  const bump = (d: PDim, v: number) => counts[d].set(v, (counts[d].get(v) ?? 0) + 1);
  let total = 0;
  for (let i = 0; i < p.n; i++) {
    if (!keywordOk(i)) continue;
    const failed = active.filter((d) => value[d](i) !== wanted[d]);
    if (failed.length > 1) continue;
    if (failed.length === 1) bump(failed[0]!, value[failed[0]!](i));
    else {
      total++;
      for (const d of P_DIMS) bump(d, value[d](i));
    }
  }
  return {
    total,
    stage: dictFacet(p.dict, counts.stage),
    subject: dictFacet(p.dict, counts.subject),
    grade: dictFacet(p.dict, counts.grade),
    year: valueFacet(
      counts.year,
      (v) => (v > 0 ? String(v) : null),
      (v) => `${v}年`,
      (a, b) => b - a,
    ),
    region: valueFacet(
      counts.region,
      (v) => (v >= 0 ? p.regions[v]! : null),
      (v) => p.regions[v]!,
      (a, b) => p.regions[a]!.localeCompare(p.regions[b]!, 'zh-Hans-CN'),
    ),
    paperType: valueFacet(
      counts.paperType,
      (v) => PAPER_TYPES[v] ?? null,
      (v) => PAPER_TYPES[v]!,
      (a, b) => a - b,
    ),
  };
}
