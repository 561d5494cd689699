/** `GET /api/v1/publishing/textbooks/{id}`: a book's printings (newest first) and errata (by page). */
import { ApiPaths, type TextbookPublishing } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getTextbookPublishing = (id: number) =>
  apiGet<TextbookPublishing>(ApiPaths.publishingTextbook(id), undefined, { silent: true });

export const textbookPublishingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['publishing', 'textbook', id],
    queryFn: () => getTextbookPublishing(id),
    staleTime: 60_000,
  });

/** Printings and errata of book `id` (disabled while `id` is not a valid id). */
export function useTextbookPublishing(id: number | undefined) {
  return useQuery({ ...textbookPublishingQueryOptions(id ?? 0), enabled: !!id && id > 0 });
}
