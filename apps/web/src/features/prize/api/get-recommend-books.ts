/** `GET /prize/api/v1/activity/{code}/recommendBook`: the activity's books as catalogue cards, in order. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type TextbookListItem } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getRecommendBooks(code: string): Promise<TextbookListItem[]> {
  return apiGet<TextbookListItem[]>(ApiPaths.prizeRecommendBooks(code), undefined, { silent: true });
}

export const recommendBooksQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['prize', 'books', code],
    queryFn: () => getRecommendBooks(code),
    staleTime: 5 * 60_000,
  });

export function useRecommendBooks(code: string | undefined) {
  return useQuery({ ...recommendBooksQueryOptions(code ?? ''), enabled: !!code });
}
