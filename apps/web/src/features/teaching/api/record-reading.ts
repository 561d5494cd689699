/** `POST /api/v1/teaching/assignments/{id}/submission/reading` `{pages}` (member): pages the reader has shown. */
import { ApiPaths, type SubmissionDetail } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function recordReading(assignmentId: number, pages: number[]): Promise<SubmissionDetail> {
  return apiPost<SubmissionDetail>(ApiPaths.teachingWorkReading(assignmentId), { pages }, { silent: true });
}

export function useRecordReading(assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pages: number[]) => recordReading(assignmentId, pages),
    onSuccess: (work) => queryClient.setQueryData(teachingKeys.work(assignmentId), work),
  });
}
