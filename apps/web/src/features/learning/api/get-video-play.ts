/**
 * `GET /api/v1/videos/{id}/play`: short-lived signed MP4 (and HLS when available) URLs. A lesson
 * the user may not play answers 404 with a message saying what to do (登录 / 激活).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type VideoPlayGrant } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export function getVideoPlay(id: number): Promise<VideoPlayGrant> {
  return apiGet<VideoPlayGrant>(ApiPaths.videoPlay(id), undefined, { silent: true });
}

export const videoPlayQueryOptions = (id: number, userId: number | null) =>
  queryOptions({
    queryKey: ['videos', 'play', id, userId],
    queryFn: () => getVideoPlay(id),
    staleTime: 5 * 60_000,
    gcTime: 60_000,
  });

export function useVideoPlay(id: number | undefined) {
  const userId = useSession((s) => s.user?.userId ?? null);
  return useQuery({ ...videoPlayQueryOptions(id ?? 0, userId), enabled: !!id });
}
