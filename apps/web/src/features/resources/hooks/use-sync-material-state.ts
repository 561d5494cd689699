/**
 * 同步资源's view state, kept in the URL query so that a view can be shared and survives reloads:
 * the picker's `stageId, subjectId, editionId, gradeId, volumeId`, then `textbookId`, `chapterId`,
 * `type`, `sort` and `page` (the API's names, as the catalogue does, docs/product.md §11).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ResourceSort, ResourceType } from '@eav/contract';
import { BOOK_CASCADE, type BookDimension, type BookFilters } from '../lib/book-filters';
import { isResourceType } from '../lib/labels';

export interface SyncMaterialState {
  book: BookFilters;
  textbookId?: number;
  chapterId?: number;
  type?: ResourceType;
  sort: ResourceSort;
  page: number;
}

const PARAM: Record<BookDimension, string> = {
  stage: 'stageId',
  subject: 'subjectId',
  edition: 'editionId',
  grade: 'gradeId',
  volume: 'volumeId',
};

function positiveInt(v: string | null): number | undefined {
  if (!v || !/^\d{1,9}$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
}

export function parseSyncMaterialState(search: URLSearchParams): SyncMaterialState {
  const book: BookFilters = {};
  for (const d of BOOK_CASCADE) {
    const v = positiveInt(search.get(PARAM[d]));
    if (v !== undefined) book[d] = v;
  }
  const type = search.get('type');
  return {
    book,
    textbookId: positiveInt(search.get('textbookId')),
    chapterId: positiveInt(search.get('chapterId')),
    type: isResourceType(type) ? type : undefined,
    sort: search.get('sort') === 'downloads' ? 'downloads' : 'newest',
    page: positiveInt(search.get('page')) ?? 1,
  };
}

export function serializeSyncMaterialState(s: SyncMaterialState): URLSearchParams {
  const q = new URLSearchParams();
  for (const d of BOOK_CASCADE) if (s.book[d] !== undefined) q.set(PARAM[d], String(s.book[d]));
  if (s.textbookId !== undefined) q.set('textbookId', String(s.textbookId));
  if (s.chapterId !== undefined) q.set('chapterId', String(s.chapterId));
  if (s.type) q.set('type', s.type);
  if (s.sort !== 'newest') q.set('sort', s.sort);
  if (s.page > 1) q.set('page', String(s.page));
  return q;
}

export function useSyncMaterialState() {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseSyncMaterialState(search), [search]);
  const setState = useCallback(
    (next: SyncMaterialState, options: { replace?: boolean } = {}) =>
      setSearch(serializeSyncMaterialState(next), { replace: options.replace }),
    [setSearch],
  );
  return [state, setState] as const;
}
