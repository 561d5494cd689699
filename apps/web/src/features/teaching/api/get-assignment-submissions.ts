/** `GET /api/v1/teaching/assignments/{id}/submissions` (owner): every active member's work state. */
import { ApiPaths, type SubmissionList } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function getAssignmentSubmissions(id: number): Promise<SubmissionList> {
  return apiGet<SubmissionList>(ApiPaths.teachingAssignmentSubmissions(id), undefined, { silent: true });
}

export const assignmentSubmissionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: teachingKeys.submissions(id), queryFn: () => getAssignmentSubmissions(id) });

export function useAssignmentSubmissions(id: number | undefined) {
  return useQuery({ ...assignmentSubmissionsQueryOptions(id ?? 0), enabled: !!id });
}
