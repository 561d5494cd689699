/** `GET /api/v1/training/lessons/{id}/play` (enrolled): short-lived signed MP4 and HLS URLs of a lesson. */
import { ApiPaths, type TrainingPlayGrant } from '@eav/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { trainingKeys } from './keys';

export function getLessonPlay(lessonId: number): Promise<TrainingPlayGrant> {
  return apiGet<TrainingPlayGrant>(ApiPaths.trainingLessonPlay(lessonId), undefined, { silent: true });
}

/** Fetched once per opened lesson (URLs expire, so not kept in the cache after it closes). */
export function useLessonPlay(lessonId: number | undefined) {
  return useQuery({
    queryKey: trainingKeys.play(lessonId ?? 0),
    queryFn: () => getLessonPlay(lessonId!),
    enabled: !!lessonId,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
