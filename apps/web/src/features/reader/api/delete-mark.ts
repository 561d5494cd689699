/**
 * `DELETE /api/v1/textbooks/{id}/marks/{markId}`: deletes one of the user's marks (the server keeps a
 * tombstone for the other devices). Optimistic: the mark leaves the cached list at once and comes back
 * if the call fails.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type ReaderMark, type ReaderMarksData } from '@eav/contract';
import { apiDelete } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { removeMark } from '../lib/marks';
import { marksQueryKey } from './get-marks';

/** Deletes one mark; resolves to its tombstone. */
export function deleteMark(bookId: number, markId: string): Promise<ReaderMark> {
  return apiDelete<ReaderMark>(ApiPaths.textbookMark(bookId, markId), { silent: true });
}

/** The mutation of `deleteMark` for one book (variables: the mark id). */
export function useDeleteMark(bookId: number) {
  const qc = useQueryClient();
  const userId = useSession((s) => s.user?.userId ?? null);
  const key = marksQueryKey(bookId, userId);
  return useMutation({
    mutationFn: (markId: string) => deleteMark(bookId, markId),
    onMutate: async (markId) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<ReaderMarksData>(key);
      qc.setQueryData<ReaderMarksData>(key, (data) => (data ? removeMark(data, markId) : data));
      return { previous };
    },
    onError: (_error, _markId, context) => {
      if (context?.previous) qc.setQueryData(key, context.previous);
    },
  });
}
