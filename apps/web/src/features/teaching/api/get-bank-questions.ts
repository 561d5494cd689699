/**
 * `GET /api/v1/questions?knowledgePointId|textbookId&chapterId&stageId&subjectId&page&pageSize`: one
 * page of question cards to pick homework from.
 */
import { ApiPaths, type Paged, type QuestionCard } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type BankQuestionParams = Record<string, string | number | undefined>;

export function getBankQuestions(params: BankQuestionParams): Promise<Paged<QuestionCard>> {
  return apiGet<Paged<QuestionCard>>(ApiPaths.questions, params, { silent: true });
}

export const bankQuestionsQueryOptions = (params: BankQuestionParams) =>
  queryOptions({
    queryKey: ['questions', 'list', params],
    queryFn: () => getBankQuestions(params),
    placeholderData: keepPreviousData,
  });

export function useBankQuestions(params: BankQuestionParams, enabled = true) {
  return useQuery({ ...bankQuestionsQueryOptions(params), enabled });
}
