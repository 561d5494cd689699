/**
 * `POST /api/v1/users/{userId}/wrong-questions/{id}/retry` `{response}` (own): a new try; choice
 * and fill-in are graded at once (`correct`), open questions answer `correct: null`.
 */
import { ApiPaths, type AnswerResponse, type WrongRetryResult } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function retryWrongQuestion(userId: number, id: number, response: AnswerResponse): Promise<WrongRetryResult> {
  return apiPost<WrongRetryResult>(ApiPaths.userWrongQuestionRetry(userId, id), { response }, { silent: true });
}

export function useRetryWrongQuestion(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, response }: { id: number; response: AnswerResponse }) =>
      retryWrongQuestion(userId, id, response),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...teachingKeys.all, 'wrong'] }),
  });
}
