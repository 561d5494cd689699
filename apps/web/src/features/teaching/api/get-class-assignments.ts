/** `GET /api/v1/teaching/classes/{id}/assignments`: the owner sees all, a member the published ones. */
import { ApiPaths, type AssignmentList } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function getClassAssignments(id: number): Promise<AssignmentList> {
  return apiGet<AssignmentList>(ApiPaths.teachingClassAssignments(id), undefined, { silent: true });
}

export const classAssignmentsQueryOptions = (id: number) =>
  queryOptions({ queryKey: teachingKeys.classAssignments(id), queryFn: () => getClassAssignments(id) });

export function useClassAssignments(id: number | undefined) {
  return useQuery({ ...classAssignmentsQueryOptions(id ?? 0), enabled: !!id });
}
