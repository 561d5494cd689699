/**
 * Filter state of the paper centre and the cloud question bank <-> URL query, like the catalogue's
 * (a link reproduces the view). The URL keys are the API's query names, so
 * `#/digitalResources/paperCenter?subjectId=3&year=2016` maps 1:1 onto `GET /api/v1/papers`.
 * Malformed values are dropped rather than sent; changing a filter returns to page 1 and clears the
 * filters that depend on it (a 学科 belongs to a 学段, a chapter to a book).
 */
import { LIMITS, PAPER_TYPES, QUESTION_ORIGINS, QUESTION_TYPES } from '@eav/contract';

export interface FilterSpec<K extends string> {
  /** Keys in URL order. */
  keys: readonly K[];
  /** Accepts a raw URL value of the key. */
  valid: Record<K, (v: string) => boolean>;
  /** Keys cleared when the key changes. */
  clears: Partial<Record<K, readonly K[]>>;
}

export interface UrlFilters<K extends string> {
  values: Partial<Record<K, string>>;
  keyword?: string;
  /** 1-based page. */
  page: number;
}

const positiveId = (v: string) => /^\d{1,9}$/.test(v) && Number(v) > 0;
const yearValue = (v: string) => /^(19|20|21)\d\d$/.test(v);
const shortText = (v: string) => v.length > 0 && v.length <= 50;
const oneOf = (list: readonly string[]) => (v: string) => list.includes(v);

export const PAPER_FILTER_KEYS = ['stageId', 'subjectId', 'gradeId', 'year', 'region', 'paperType'] as const;
export type PaperFilterKey = (typeof PAPER_FILTER_KEYS)[number];

export const paperFilterSpec: FilterSpec<PaperFilterKey> = {
  keys: PAPER_FILTER_KEYS,
  valid: {
    stageId: positiveId,
    subjectId: positiveId,
    gradeId: positiveId,
    year: yearValue,
    region: shortText,
    paperType: oneOf(PAPER_TYPES),
  },
  clears: { stageId: ['subjectId', 'gradeId'] },
};

export const QUESTION_FILTER_KEYS = [
  'stageId',
  'subjectId',
  'knowledgePointId',
  'textbookId',
  'chapterId',
  'type',
  'difficulty',
  'year',
  'origin',
] as const;
export type QuestionFilterKey = (typeof QUESTION_FILTER_KEYS)[number];

export const questionFilterSpec: FilterSpec<QuestionFilterKey> = {
  keys: QUESTION_FILTER_KEYS,
  valid: {
    stageId: positiveId,
    subjectId: positiveId,
    knowledgePointId: positiveId,
    textbookId: positiveId,
    chapterId: positiveId,
    type: oneOf(QUESTION_TYPES),
    difficulty: (v) => /^[1-5]$/.test(v),
    year: yearValue,
    origin: oneOf(QUESTION_ORIGINS),
  },
  // The knowledge-point tree and the chapter tree are two ways in: one at a time.
  clears: {
    stageId: ['subjectId', 'knowledgePointId', 'textbookId', 'chapterId'],
    subjectId: ['knowledgePointId', 'textbookId', 'chapterId'],
    knowledgePointId: ['textbookId', 'chapterId'],
    textbookId: ['chapterId', 'knowledgePointId'],
    chapterId: ['knowledgePointId'],
  },
};

export function readFilters<K extends string>(spec: FilterSpec<K>, search: URLSearchParams): UrlFilters<K> {
  const page = search.get('page') ?? '';
  const f: UrlFilters<K> = { values: {}, page: positiveId(page) ? Number(page) : 1 };
  for (const key of spec.keys) {
    const v = search.get(key)?.trim();
    if (v && spec.valid[key](v)) f.values[key] = v;
  }
  const keyword = search.get('keyword')?.trim().slice(0, LIMITS.keyword.max);
  if (keyword) f.keyword = keyword;
  return f;
}

export function writeFilters<K extends string>(spec: FilterSpec<K>, f: UrlFilters<K>): URLSearchParams {
  const q = new URLSearchParams();
  for (const key of spec.keys) {
    const v = f.values[key];
    if (v !== undefined) q.set(key, v);
  }
  if (f.keyword) q.set('keyword', f.keyword);
  if (f.page > 1) q.set('page', String(f.page));
  return q;
}

/** Sets (or clears with `undefined`) one filter: dependants cleared, back to page 1. */
export function setFilter<K extends string>(
  spec: FilterSpec<K>,
  f: UrlFilters<K>,
  key: K,
  value: string | undefined,
): UrlFilters<K> {
  const values = { ...f.values };
  for (const dependant of spec.clears[key] ?? []) delete values[dependant];
  if (value === undefined) delete values[key];
  else values[key] = value;
  return { values, page: 1, ...(f.keyword ? { keyword: f.keyword } : {}) };
}

/** Sets the keyword (trimmed; empty clears it), back to page 1. */
export function setKeyword<K extends string>(f: UrlFilters<K>, keyword: string): UrlFilters<K> {
  const k = keyword.trim().slice(0, LIMITS.keyword.max);
  return { values: f.values, page: 1, ...(k ? { keyword: k } : {}) };
}

export function hasFilters<K extends string>(f: UrlFilters<K>): boolean {
  return !!f.keyword || Object.keys(f.values).length > 0;
}

/** The facet request: every filter and the keyword, no paging. */
export function facetQuery<K extends string>(f: UrlFilters<K>): Record<string, string | undefined> {
  return { ...(f.values as Record<string, string | undefined>), keyword: f.keyword };
}

/** The list request. */
export function listQuery<K extends string>(
  f: UrlFilters<K>,
  pageSize: number,
): Record<string, string | number | undefined> {
  return { ...facetQuery(f), page: f.page, pageSize };
}
