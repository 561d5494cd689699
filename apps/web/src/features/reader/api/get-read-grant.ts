/**
 * `GET /api/v1/textbooks/{id}/read`: a short-lived signed URL of the book's PDF (the server
 * streams it with HTTP Range), the page count and the saved progress. A book the user may not
 * read answers 404 with a Chinese message.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type TextbookReadGrant } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export function getReadGrant(id: number): Promise<TextbookReadGrant> {
  return apiGet<TextbookReadGrant>(ApiPaths.textbookRead(id), undefined, { silent: true });
}

export const readGrantQueryOptions = (id: number, userId: number | null) =>
  queryOptions({
    queryKey: ['reader', 'grant', id, userId],
    queryFn: () => getReadGrant(id),
    // A grant is fetched once per reader visit; the PDF keeps loading with it.
    staleTime: Infinity,
    gcTime: 0,
  });

export function useReadGrant(id: number, enabled: boolean) {
  const userId = useSession((s) => s.user?.userId ?? null);
  return useQuery({ ...readGrantQueryOptions(id, userId), enabled });
}
