/**
 * `POST /api/v1/teaching/assignments/{id}/submission/submit` (member): hands the work in. Idempotent: the
 * same `requestId` (one per screen) or already submitted work answers the same.
 */
import { ApiPaths, type SubmissionDetail } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function submitWork(assignmentId: number, requestId: string): Promise<SubmissionDetail> {
  return apiPost<SubmissionDetail>(ApiPaths.teachingWorkSubmit(assignmentId), { requestId }, { silent: true });
}

export function useSubmitWork(assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => submitWork(assignmentId, requestId),
    onSuccess: async (work) => {
      queryClient.setQueryData(teachingKeys.work(assignmentId), work);
      await queryClient.invalidateQueries({ queryKey: [...teachingKeys.all, 'mine'] });
    },
  });
}
