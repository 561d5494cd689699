/** `GET /api/v1/teaching/classes/{id}/report` (owner): the grade table, students × scored assignments. */
import { ApiPaths, type ClassReport } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function getClassReport(id: number): Promise<ClassReport> {
  return apiGet<ClassReport>(ApiPaths.teachingClassReport(id), undefined, { silent: true });
}

export const classReportQueryOptions = (id: number) =>
  queryOptions({ queryKey: teachingKeys.classReport(id), queryFn: () => getClassReport(id) });

export function useClassReport(id: number | undefined) {
  return useQuery({ ...classReportQueryOptions(id ?? 0), enabled: !!id });
}
