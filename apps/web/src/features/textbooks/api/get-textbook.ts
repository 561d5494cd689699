/**
 * `GET /api/v1/textbooks/{id}`: metadata, chapter tree, access for the current user (owned,
 * canRead, accessHint), progress, related books and attached videos. The answer depends on who
 * asks, so the query key carries the user id.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type TextbookDetail } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export function getTextbook(id: number): Promise<TextbookDetail> {
  return apiGet<TextbookDetail>(ApiPaths.textbook(id), undefined, { silent: true });
}

export const textbookQueryOptions = (id: number, userId: number | null) =>
  queryOptions({
    queryKey: ['textbooks', 'detail', id, userId],
    queryFn: () => getTextbook(id),
    staleTime: 30_000,
  });

/** The detail of book `id` (disabled while `id` is not a valid id). */
export function useTextbook(id: number | undefined) {
  const userId = useSession((s) => s.user?.userId ?? null);
  return useQuery({ ...textbookQueryOptions(id ?? 0, userId), enabled: !!id && id > 0 });
}
