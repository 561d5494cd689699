/** `GET /api/v1/teaching/assignments/{id}` (owner or member): the assignment and its questions (teacher: with answers). */
import { ApiPaths, type AssignmentDetail } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function getAssignment(id: number): Promise<AssignmentDetail> {
  return apiGet<AssignmentDetail>(ApiPaths.teachingAssignment(id), undefined, { silent: true });
}

export const assignmentQueryOptions = (id: number) =>
  queryOptions({ queryKey: teachingKeys.assignment(id), queryFn: () => getAssignment(id) });

export function useAssignment(id: number | undefined) {
  return useQuery({ ...assignmentQueryOptions(id ?? 0), enabled: !!id });
}
