/** `GET /api/v1/videos/{id}`: one lesson's metadata (no stream URLs). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type WatchableVideo } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getVideo(id: number): Promise<WatchableVideo> {
  return apiGet<WatchableVideo>(ApiPaths.video(id), undefined, { silent: true });
}

export const videoQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['videos', 'one', id], queryFn: () => getVideo(id) });

export function useVideo(id: number | undefined) {
  return useQuery({ ...videoQueryOptions(id ?? 0), enabled: !!id });
}
