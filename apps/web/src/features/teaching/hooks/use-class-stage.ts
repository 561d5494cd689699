/**
 * The 学段 of a class: classes name their 年级 only, and the grade dictionary lists grades per stage,
 * so the stage is the one whose grades hold the class's grade (a handful of cached dictionary calls).
 */
import { useQueries } from '@tanstack/react-query';
import { gradesQueryOptions, useStages } from '@/api/dictionaries';
import { stageOfGrade } from '../lib/stage';

/** `stageId` of the grade, undefined while the dictionaries load or when no stage lists the grade. */
export function useClassStage(gradeId: number): { stageId: number | undefined; loading: boolean } {
  const stages = useStages();
  const stageIds = (stages.data ?? []).map((s) => s.id);
  const grades = useQueries({ queries: stageIds.map((id) => gradesQueryOptions(id)) });
  const stageId = stageOfGrade(
    stageIds,
    grades.map((g) => g.data),
    gradeId,
  );
  return { stageId, loading: stages.isLoading || (stageId === undefined && grades.some((g) => g.isLoading)) };
}
