/** `GET /api/v1/questions/facets`: per filter, the values that still have questions, with counts. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type QuestionFacets } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getQuestionFacets(params: Record<string, string | undefined>): Promise<QuestionFacets> {
  return apiGet<QuestionFacets>(ApiPaths.questionFacets, params, { silent: true });
}

export const questionFacetsQueryOptions = (params: Record<string, string | undefined>) =>
  queryOptions({
    queryKey: ['questions', 'facets', params],
    queryFn: () => getQuestionFacets(params),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export function useQuestionFacets(params: Record<string, string | undefined>) {
  return useQuery(questionFacetsQueryOptions(params));
}
