/** `GET /api/v1/users/{userId}/wrong-questions?subjectId&mastered&page&pageSize` (错题本, own). */
import { ApiPaths, type Paged, type WrongQuestionItem } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { teachingKeys } from './keys';

export interface WrongQuestionParams {
  subjectId?: number;
  mastered?: boolean;
  page?: number;
  pageSize?: number;
}

export function getWrongQuestions(userId: number, params: WrongQuestionParams): Promise<Paged<WrongQuestionItem>> {
  return apiGet<Paged<WrongQuestionItem>>(ApiPaths.userWrongQuestions(userId), params, { silent: true });
}

export const wrongQuestionsQueryOptions = (userId: number, params: WrongQuestionParams) =>
  queryOptions({
    queryKey: teachingKeys.wrongQuestions(userId, params),
    queryFn: () => getWrongQuestions(userId, params),
    placeholderData: keepPreviousData,
  });

export function useWrongQuestions(params: WrongQuestionParams, enabled = true) {
  const userId = useSession((s) => s.user?.userId);
  return useQuery({ ...wrongQuestionsQueryOptions(userId ?? 0, params), enabled: enabled && userId != null });
}
