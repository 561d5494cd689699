/** `GET /api/v1/teaching/assignments/{id}/report` (owner): per student and per question results. */
import { ApiPaths, type AssignmentReport } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function getAssignmentReport(id: number): Promise<AssignmentReport> {
  return apiGet<AssignmentReport>(ApiPaths.teachingAssignmentReport(id), undefined, { silent: true });
}

export const assignmentReportQueryOptions = (id: number) =>
  queryOptions({ queryKey: teachingKeys.assignmentReport(id), queryFn: () => getAssignmentReport(id) });

export function useAssignmentReport(id: number | undefined) {
  return useQuery({ ...assignmentReportQueryOptions(id ?? 0), enabled: !!id });
}
