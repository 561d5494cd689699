/** `GET /api/v1/textbooks/{id}/videos`: every lesson of one textbook with its chapter. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type WatchableVideo } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getTextbookVideos(textbookId: number): Promise<WatchableVideo[]> {
  return apiGet<WatchableVideo[]>(ApiPaths.textbookVideos(textbookId), undefined, { silent: true });
}

export const textbookVideosQueryOptions = (textbookId: number) =>
  queryOptions({ queryKey: ['videos', 'book', textbookId], queryFn: () => getTextbookVideos(textbookId) });

export function useTextbookVideos(textbookId: number | undefined) {
  return useQuery({ ...textbookVideosQueryOptions(textbookId ?? 0), enabled: !!textbookId });
}
