/**
 * Dictionary calls shared by the features (docs/api.md, Dictionaries): 学段, 年级 of a 学段 and the
 * 学科 taught in a 学段, each a `{ id, name }` list in curriculum order. One cache setting for every
 * caller: the lists change only when a catalogue import adds entries, so an hour is fresh enough.
 * Silent: the pickers and filters show their own empty or failed state instead of a toast.
 */
import { ApiPaths, type DictEntry } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** How long a dictionary list is served from the cache before it is fetched again, ms. */
const DICTIONARY_STALE_MS = 60 * 60_000;

export const getStages = () => apiGet<DictEntry[]>(ApiPaths.dictStage, undefined, { silent: true });
/** 版本: every edition of the dictionary table, in its order (the names /digitalBook's facets carry). */
const getEditions = () => apiGet<DictEntry[]>(ApiPaths.dictEdition, undefined, { silent: true });
/** Grades of a stage (`?stageId=`; the server lists all grades when it is absent). */
const getGrades = (stageId: number) => apiGet<DictEntry[]>(ApiPaths.dictGrade, { stageId }, { silent: true });
const getStageSubjects = (stageId: number) =>
  apiGet<DictEntry[]>(ApiPaths.dictStageSubjects(stageId), undefined, { silent: true });

export const stagesQueryOptions = () =>
  queryOptions({ queryKey: ['dictionary', 'stage'], queryFn: getStages, staleTime: DICTIONARY_STALE_MS });
/** Grades of a stage as a query (a stage id of 0 is never fetched: `useGrades` keeps it idle). */
export const gradesQueryOptions = (stageId: number) =>
  queryOptions({
    queryKey: ['dictionary', 'grade', stageId],
    queryFn: () => getGrades(stageId),
    staleTime: DICTIONARY_STALE_MS,
  });
const stageSubjectsQueryOptions = (stageId: number) =>
  queryOptions({
    queryKey: ['dictionary', 'stage', stageId, 'subjects'],
    queryFn: () => getStageSubjects(stageId),
    staleTime: DICTIONARY_STALE_MS,
  });

export const editionsQueryOptions = () =>
  queryOptions({ queryKey: ['dictionary', 'edition'], queryFn: getEditions, staleTime: DICTIONARY_STALE_MS });

export function useEditions() {
  return useQuery(editionsQueryOptions());
}

export function useStages() {
  return useQuery(stagesQueryOptions());
}
/** Grades of the chosen stage; idle until a stage is chosen. */
export function useGrades(stageId: number | null | undefined) {
  return useQuery({ ...gradesQueryOptions(stageId ?? 0), enabled: !!stageId });
}
/** Subjects of the chosen stage; idle until a stage is chosen. */
export function useStageSubjects(stageId: number | null | undefined) {
  return useQuery({ ...stageSubjectsQueryOptions(stageId ?? 0), enabled: !!stageId });
}
