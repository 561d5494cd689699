/**
 * Catalogue filter state <-> URL query (the /digitalBook view is reproducible from its link). The URL keys are the API's query names, so a link such as
 * `#/digitalBook?stageId=2&subjectId=7&keyword=代数&page=2` maps 1:1 onto `GET /api/v1/textbooks`.
 *
 * The filter bar cascades 学段 → 学科 → 版本 → 年级 → 册次 (then 出版社): choosing a value at one
 * level clears every level after it, and any filter change returns to page 1. 可在线阅读
 * (`readable=true`: only books with an electronic edition) stands beside the cascade like the keyword.
 */
import { LIMITS } from '@eav/contract';

/** Cascade order of the dimensions, parent first. */
export const CASCADE = ['stage', 'subject', 'edition', 'grade', 'volume', 'publisher'] as const;
export type CascadeDimension = (typeof CASCADE)[number];

/** Chinese label of each dimension (field terms of the team brief). */
export const DIMENSION_LABELS: Record<CascadeDimension, string> = {
  stage: '学段',
  subject: '学科',
  edition: '版本',
  grade: '年级',
  volume: '册次',
  publisher: '出版社',
};

/** The URL / API key of a dimension (`stage` → `stageId`). */
export const idKey = (d: CascadeDimension) => `${d}Id` as const;

export interface CatalogueFilters {
  stageId?: number;
  subjectId?: number;
  editionId?: number;
  gradeId?: number;
  volumeId?: number;
  publisherId?: number;
  keyword?: string;
  /** Only books that can be read online (the server's `hasFile`). */
  readable?: true;
  /** 1-based page. */
  page: number;
}

/** Books per catalogue page (5 columns × 4 rows on desktop). */
export const CATALOGUE_PAGE_SIZE = 20;

function positiveInt(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
}

/** Reads the filters from a URL query; malformed values are ignored rather than sent to the server. */
export function filtersFromSearch(search: URLSearchParams): CatalogueFilters {
  const f: CatalogueFilters = { page: positiveInt(search.get('page')) ?? 1 };
  for (const d of CASCADE) {
    const v = positiveInt(search.get(idKey(d)));
    if (v !== undefined) f[idKey(d)] = v;
  }
  const keyword = search.get('keyword')?.trim().slice(0, LIMITS.keyword.max);
  if (keyword) f.keyword = keyword;
  const readable = search.get('readable');
  if (readable === 'true' || readable === '1') f.readable = true;
  return f;
}

/** Writes the filters as a URL query, in a stable order, omitting defaults (page 1) and empty values. */
export function filtersToSearch(f: CatalogueFilters): URLSearchParams {
  const q = new URLSearchParams();
  for (const d of CASCADE) {
    const v = f[idKey(d)];
    if (v !== undefined) q.set(idKey(d), String(v));
  }
  if (f.keyword) q.set('keyword', f.keyword);
  if (f.readable) q.set('readable', 'true');
  if (f.page > 1) q.set('page', String(f.page));
  return q;
}

/**
 * Chooses `value` (or clears with `undefined`) at one level: every later level of the cascade is
 * reset and the page returns to 1; the keyword and 可在线阅读 are kept.
 */
export function selectDimension(
  f: CatalogueFilters,
  dim: CascadeDimension,
  value: number | undefined,
): CatalogueFilters {
  const next: CatalogueFilters = { page: 1 };
  if (f.keyword) next.keyword = f.keyword;
  if (f.readable) next.readable = true;
  const at = CASCADE.indexOf(dim);
  CASCADE.forEach((d, i) => {
    if (i < at && f[idKey(d)] !== undefined) next[idKey(d)] = f[idKey(d)];
  });
  if (value !== undefined) next[idKey(dim)] = value;
  return next;
}

/** Sets the keyword (trimmed; empty clears it) and returns to page 1, keeping the dimension filters. */
export function withKeyword(f: CatalogueFilters, keyword: string): CatalogueFilters {
  const { keyword: _old, ...rest } = f;
  const k = keyword.trim().slice(0, LIMITS.keyword.max);
  return { ...rest, page: 1, ...(k ? { keyword: k } : {}) };
}

/** Turns 可在线阅读 on or off and returns to page 1, keeping the other filters. */
export function withReadable(f: CatalogueFilters, on: boolean): CatalogueFilters {
  const { readable: _old, ...rest } = f;
  return { ...rest, page: 1, ...(on ? { readable: true as const } : {}) };
}

/** True when any dimension, the keyword or 可在线阅读 is set. */
export function hasActiveFilters(f: CatalogueFilters): boolean {
  return !!f.keyword || !!f.readable || CASCADE.some((d) => f[idKey(d)] !== undefined);
}

/** The list request for the filters. */
export function toListQuery(
  f: CatalogueFilters,
  pageSize = CATALOGUE_PAGE_SIZE,
): Omit<CatalogueFilters, 'page'> & { page: number; pageSize: number } {
  const { page, ...rest } = f;
  return { ...rest, page, pageSize };
}

/** The facet request: the same filters without paging. */
export function toFacetQuery(f: CatalogueFilters): Omit<CatalogueFilters, 'page'> {
  const { page: _page, ...rest } = f;
  return rest;
}
