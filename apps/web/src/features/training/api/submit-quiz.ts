/** `POST /api/v1/training/courses/{id}/quiz` `{answers}`: grades and records an attempt. */
import { ApiPaths, type TrainingQuizResult } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { trainingKeys } from './keys';

export function submitQuiz(id: number, answers: Record<string, string[]>): Promise<TrainingQuizResult> {
  return apiPost<TrainingQuizResult>(ApiPaths.trainingQuiz(id), { answers }, { silent: true });
}

export function useSubmitQuiz(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, string[]>) => submitQuiz(id, answers),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingKeys.userAll }),
  });
}
