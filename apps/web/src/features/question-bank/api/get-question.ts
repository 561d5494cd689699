/** `GET /api/v1/questions/{id}`: the question with its answer and analysis when the reader may see them (asked for on demand). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type QuestionRead } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getQuestion(id: number): Promise<QuestionRead> {
  return apiGet<QuestionRead>(ApiPaths.question(id), undefined, { silent: true });
}

export const questionQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['questions', 'detail', id], queryFn: () => getQuestion(id), staleTime: 10 * 60_000 });

/** Loads only when `enabled` (the card's 答案解析 is opened). */
export function useQuestion(id: number, enabled: boolean) {
  return useQuery({ ...questionQueryOptions(id), enabled });
}
