/** `POST /api/v1/teaching/submissions/{id}/return` `{comment}` (owner): 返回订正. */
import { ApiPaths, type SubmissionDetail } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function returnSubmission(id: number, comment: string): Promise<SubmissionDetail> {
  return apiPost<SubmissionDetail>(ApiPaths.teachingSubmissionReturn(id), { comment }, { silent: true });
}

export function useReturnSubmission(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => returnSubmission(id, comment),
    onSuccess: async (detail) => {
      queryClient.setQueryData(teachingKeys.submission(id), detail);
      await queryClient.invalidateQueries({ queryKey: teachingKeys.gradingQueue() });
    },
  });
}
