/** `GET /api/v1/teaching/submissions/{id}` (owner of the class): a student's work, with answers. */
import { ApiPaths, type SubmissionDetail } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function getSubmission(id: number): Promise<SubmissionDetail> {
  return apiGet<SubmissionDetail>(ApiPaths.teachingSubmission(id), undefined, { silent: true });
}

export const submissionQueryOptions = (id: number) =>
  queryOptions({ queryKey: teachingKeys.submission(id), queryFn: () => getSubmission(id) });

export function useSubmission(id: number | undefined) {
  return useQuery({ ...submissionQueryOptions(id ?? 0), enabled: !!id });
}
