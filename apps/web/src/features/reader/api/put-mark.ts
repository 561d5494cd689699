/**
 * `PUT /api/v1/textbooks/{id}/marks/{markId}`: creates or updates a mark under the client's UUID
 * (last writer wins on `clientUpdatedAt`; docs/reader.md, Sync rule). Optimistic: the cached list
 * shows the edit at once, takes the server's answer when it comes, and is rolled back on failure.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type ReaderMark, type ReaderMarkBody, type ReaderMarksData } from '@eav/contract';
import { apiPut } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { optimisticMark, removeMark, upsertMark } from '../lib/marks';
import { marksQueryKey } from './get-marks';

/** Stores one mark; resolves to the mark as stored (a tombstone when it had been deleted). */
export function putMark(bookId: number, markId: string, body: ReaderMarkBody): Promise<ReaderMark> {
  return apiPut<ReaderMark>(ApiPaths.textbookMark(bookId, markId), body, { silent: true });
}

export interface PutMarkVariables {
  id: string;
  body: ReaderMarkBody;
}

/** The mutation of `putMark` for one book, updating the book's cached marks optimistically. */
export function usePutMark(bookId: number) {
  const qc = useQueryClient();
  const userId = useSession((s) => s.user?.userId ?? null);
  const key = marksQueryKey(bookId, userId);
  return useMutation({
    mutationFn: ({ id, body }: PutMarkVariables) => putMark(bookId, id, body),
    onMutate: async ({ id, body }) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<ReaderMarksData>(key);
      const before = previous?.items.find((m) => m.id === id);
      qc.setQueryData<ReaderMarksData>(key, (data) =>
        data ? upsertMark(data, optimisticMark(bookId, id, body, before)) : data,
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) qc.setQueryData(key, context.previous);
    },
    onSuccess: (stored) => {
      qc.setQueryData<ReaderMarksData>(key, (data) =>
        data ? (stored.deletedAt ? removeMark(data, stored.id) : upsertMark(data, stored)) : data,
      );
    },
  });
}
