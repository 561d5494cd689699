/**
 * `GET /api/v1/textbooks/{id}/marks`: the user's live 书签, 划线 and 笔记 of a book (docs/reader.md,
 * Marks). Logged-in users only; silent, so a failed load never interrupts reading (the panel shows it).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type ReaderMarksData } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';

/** Fetches a book's live marks. */
export function getMarks(bookId: number): Promise<ReaderMarksData> {
  return apiGet<ReaderMarksData>(ApiPaths.textbookMarks(bookId), undefined, { silent: true });
}

/** The cache key of a user's marks of a book (the mutations update it in place). */
export const marksQueryKey = (bookId: number, userId: number | null) => ['reader', 'marks', bookId, userId] as const;

export const marksQueryOptions = (bookId: number, userId: number | null) =>
  queryOptions({
    queryKey: marksQueryKey(bookId, userId),
    queryFn: () => getMarks(bookId),
    // Another device's marks arrive when the reader is opened again.
    staleTime: 30_000,
  });

/** A book's marks for the logged-in user; idle (no request) for a visitor. */
export function useMarks(bookId: number) {
  const userId = useSession((s) => s.user?.userId ?? null);
  return useQuery({ ...marksQueryOptions(bookId, userId), enabled: userId !== null });
}
