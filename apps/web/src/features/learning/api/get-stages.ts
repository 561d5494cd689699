/** `GET /api/v1/dictionary/stage` and `/stage/{id}/subjects`: filters of the lesson list. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type DictEntry } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export const getStages = () => apiGet<DictEntry[]>(ApiPaths.dictStage, undefined, { silent: true });
export const getStageSubjects = (stageId: number) =>
  apiGet<DictEntry[]>(ApiPaths.dictStageSubjects(stageId), undefined, { silent: true });

export const stagesQueryOptions = () =>
  queryOptions({ queryKey: ['dictionary', 'stage'], queryFn: getStages, staleTime: 10 * 60_000 });
export const stageSubjectsQueryOptions = (stageId: number) =>
  queryOptions({
    queryKey: ['dictionary', 'stage', stageId, 'subjects'],
    queryFn: () => getStageSubjects(stageId),
    staleTime: 10 * 60_000,
  });

export function useStages() {
  return useQuery(stagesQueryOptions());
}
export function useStageSubjects(stageId: number | undefined) {
  return useQuery({ ...stageSubjectsQueryOptions(stageId ?? 0), enabled: !!stageId });
}
