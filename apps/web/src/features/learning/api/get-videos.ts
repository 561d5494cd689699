/** `GET /api/v1/videos`: network-learning lessons, filtered by stage, subject, textbook, keyword. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type Paged, type WatchableVideo, type VideoListQuery } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

/** The list request as sent (every key optional). */
export type VideoListParams = Partial<Omit<VideoListQuery, 'keyword'>> & { keyword?: string };

export function getVideos(params: VideoListParams): Promise<Paged<WatchableVideo>> {
  return apiGet<Paged<WatchableVideo>>(ApiPaths.videos, params, { silent: true });
}

export const videosQueryOptions = (params: VideoListParams) =>
  queryOptions({
    queryKey: ['videos', 'list', params],
    queryFn: () => getVideos(params),
    placeholderData: keepPreviousData,
  });

export function useVideos(params: VideoListParams) {
  return useQuery(videosQueryOptions(params));
}
