/** `GET /api/v1/teaching/assignments/{id}/work` (member): the caller's own work, answers and grades. */
import { ApiPaths, type SubmissionDetail } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function getMyWork(assignmentId: number): Promise<SubmissionDetail> {
  return apiGet<SubmissionDetail>(ApiPaths.teachingWork(assignmentId), undefined, { silent: true });
}

export const myWorkQueryOptions = (assignmentId: number) =>
  // Autosave keeps the screen's own drafts; a refetch on focus would only fight them.
  queryOptions({
    queryKey: teachingKeys.work(assignmentId),
    queryFn: () => getMyWork(assignmentId),
    refetchOnWindowFocus: false,
  });

export function useMyWork(assignmentId: number | undefined) {
  return useQuery({ ...myWorkQueryOptions(assignmentId ?? 0), enabled: !!assignmentId });
}
