/** `GET /api/v1/papers`: one page of papers (H5 浏览 lists them by 学段 and 学科). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type Paged, type PaperListItem } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export interface PaperListParams {
  stageId?: number;
  subjectId?: number;
  page?: number;
  pageSize?: number;
}

export function getPapers(query: PaperListParams): Promise<Paged<PaperListItem>> {
  return apiGet<Paged<PaperListItem>>(ApiPaths.papers, query, { silent: true });
}

export const papersQueryOptions = (query: PaperListParams) =>
  queryOptions({
    queryKey: ['question-bank', 'papers', 'browse', query],
    queryFn: () => getPapers(query),
    placeholderData: keepPreviousData,
  });

export function usePapers(query: PaperListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...papersQueryOptions(query), ...options });
}
