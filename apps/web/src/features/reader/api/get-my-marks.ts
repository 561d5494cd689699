/**
 * `GET ApiPaths.userMarks(userId)`: 我的笔记, the user's live marks across books, most recently changed
 * first, with the filters of `lib/my-notes.ts`: numbered pages on the desktop page, an endless list on
 * the H5 page (docs/reader.md, 我的笔记 pages). Owner only.
 */
import { ApiPaths, type MyReaderMark, type Paged } from '@eav/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { myNotesParams, type MyNotesFilters } from '../lib/my-notes';

export const MY_MARKS_PAGE_SIZE = 20;
/** Marks read once for the book filter's choices (the books of the user's latest marks). */
const BOOKS_SAMPLE = 100;

/** Fetches one page of the user's marks under `filters`. */
export function getMyMarks(
  userId: number,
  filters: MyNotesFilters,
  page: number,
  pageSize = MY_MARKS_PAGE_SIZE,
): Promise<Paged<MyReaderMark>> {
  return apiGet<Paged<MyReaderMark>>(ApiPaths.userMarks(userId), { ...myNotesParams(filters), page, pageSize });
}

/** The cache key of everything 我的笔记 reads for `userId`. */
export const myMarksQueryKey = (userId: number) => ['reader', 'my-marks', userId] as const;

/** One numbered page (the desktop list); the previous page stays shown while the next loads. */
export function myMarksPageQueryOptions(userId: number, filters: MyNotesFilters, page: number) {
  const params = myNotesParams(filters);
  return queryOptions({
    queryKey: [...myMarksQueryKey(userId), 'page', params, page] as const,
    queryFn: () => getMyMarks(userId, params, page),
    placeholderData: keepPreviousData,
    // Marks change in the readers, on this device or another: read afresh on every visit.
    staleTime: 0,
  });
}

/** Endless list options (the H5 page). */
export function myMarksInfiniteQueryOptions(userId: number, filters: MyNotesFilters) {
  const params = myNotesParams(filters);
  return infiniteQueryOptions({
    queryKey: [...myMarksQueryKey(userId), 'list', params] as const,
    queryFn: ({ pageParam }) => getMyMarks(userId, params, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

/** The user's latest marks, unfiltered: the book filter offers their books. */
export function myMarkBooksQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...myMarksQueryKey(userId), 'books'] as const,
    queryFn: () => getMyMarks(userId, {}, 1, BOOKS_SAMPLE),
    staleTime: 0,
  });
}
