/**
 * `GET /api/v1/questions?keyword=&type=`: question-bank cards for the quiz picker (the public list;
 * answers are not needed to choose a question, the server checks the type when the course is saved).
 */
import { ApiPaths, type Paged, type QuestionCard } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const searchQuestions = (keyword: string) =>
  apiGet<Paged<QuestionCard>>(ApiPaths.questions, { keyword: keyword || undefined, pageSize: 20 }, { silent: true });

export const questionSearchOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['console-training', 'questions', keyword],
    queryFn: () => searchQuestions(keyword),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useQuestionSearch(keyword: string, enabled: boolean) {
  return useQuery({ ...questionSearchOptions(keyword), enabled });
}
