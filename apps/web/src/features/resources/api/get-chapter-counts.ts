/** `GET /api/v1/downloadResource/chapters?textbookId=`: published resources per chapter of a book. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type ResourceChapterCount } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getChapterCounts(textbookId: number): Promise<ResourceChapterCount[]> {
  return apiGet<ResourceChapterCount[]>(ApiPaths.resourceChapterCounts, { textbookId }, { silent: true });
}

export const chapterCountsQueryOptions = (textbookId: number) =>
  queryOptions({
    queryKey: ['resources', 'chapter-counts', textbookId],
    queryFn: () => getChapterCounts(textbookId),
    staleTime: 60_000,
  });

export function useChapterCounts(textbookId: number | undefined) {
  return useQuery({ ...chapterCountsQueryOptions(textbookId ?? 0), enabled: textbookId !== undefined });
}
