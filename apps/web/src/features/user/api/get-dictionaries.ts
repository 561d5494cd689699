/**
 * Dictionaries for the profile pickers (spec 7): 学段, 年级 and the 学科 taught in a 学段.
 * Grades are filtered by stage with `?stageId=` (the server ignores it when it lists all).
 */
import { ApiPaths, type DictEntry } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const DAY = 24 * 60 * 60 * 1000;

export const getStages = () => apiGet<DictEntry[]>(ApiPaths.dictStage);
export const getGrades = (stageId: number) => apiGet<DictEntry[]>(ApiPaths.dictGrade, { stageId });
export const getStageSubjects = (stageId: number) => apiGet<DictEntry[]>(ApiPaths.dictStageSubjects(stageId));

export const stagesQueryOptions = () =>
  queryOptions({ queryKey: ['dictionary', 'stage'], queryFn: getStages, staleTime: DAY });
export const gradesQueryOptions = (stageId: number) =>
  queryOptions({ queryKey: ['dictionary', 'grade', stageId], queryFn: () => getGrades(stageId), staleTime: DAY });
export const stageSubjectsQueryOptions = (stageId: number) =>
  queryOptions({
    queryKey: ['dictionary', 'stage', stageId, 'subjects'],
    queryFn: () => getStageSubjects(stageId),
    staleTime: DAY,
  });

export function useStages() {
  return useQuery(stagesQueryOptions());
}
export function useGrades(stageId: number | null | undefined) {
  return useQuery({ ...gradesQueryOptions(stageId ?? 0), enabled: !!stageId });
}
export function useStageSubjects(stageId: number | null | undefined) {
  return useQuery({ ...stageSubjectsQueryOptions(stageId ?? 0), enabled: !!stageId });
}
