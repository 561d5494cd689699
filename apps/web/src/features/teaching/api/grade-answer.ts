/**
 * `PUT /api/v1/teaching/submissions/{id}/answers/{itemId}/grade` (owner): score and comment of an
 * open answer, or an override of an automatic grade.
 */
import { ApiPaths, type GradeAnswerBody, type SubmissionDetail } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function gradeAnswer(submissionId: number, itemId: number, body: GradeAnswerBody): Promise<SubmissionDetail> {
  return apiPut<SubmissionDetail>(ApiPaths.teachingSubmissionGrade(submissionId, itemId), body, { silent: true });
}

export function useGradeAnswer(submissionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: number; body: GradeAnswerBody }) =>
      gradeAnswer(submissionId, itemId, body),
    onSuccess: async (detail) => {
      queryClient.setQueryData(teachingKeys.submission(submissionId), detail);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teachingKeys.gradingQueue() }),
        queryClient.invalidateQueries({ queryKey: [...teachingKeys.all, 'assignment'] }),
        queryClient.invalidateQueries({ queryKey: [...teachingKeys.all, 'class'] }),
      ]);
    },
  });
}
