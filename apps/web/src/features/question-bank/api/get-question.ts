/** `GET /api/v1/questions/{id}`: the question with its answer and analysis (asked for on demand). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type QuestionDetail } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getQuestion(id: number): Promise<QuestionDetail> {
  return apiGet<QuestionDetail>(ApiPaths.question(id), undefined, { silent: true });
}

export const questionQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['questions', 'detail', id], queryFn: () => getQuestion(id), staleTime: 10 * 60_000 });

/** Loads only when `enabled` (the card's 答案解析 is opened). */
export function useQuestion(id: number, enabled: boolean) {
  return useQuery({ ...questionQueryOptions(id), enabled });
}
