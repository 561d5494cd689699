/** `GET /api/v1/questions`: one page of question cards (no answers) for the given filters. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type Paged, type QuestionCard } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export type QuestionListParams = Record<string, string | number | undefined>;

export function getQuestions(params: QuestionListParams): Promise<Paged<QuestionCard>> {
  return apiGet<Paged<QuestionCard>>(ApiPaths.questions, params, { silent: true });
}

export const questionsQueryOptions = (params: QuestionListParams) =>
  queryOptions({
    queryKey: ['questions', 'list', params],
    queryFn: () => getQuestions(params),
    placeholderData: keepPreviousData,
  });

export function useQuestions(params: QuestionListParams) {
  return useQuery(questionsQueryOptions(params));
}
