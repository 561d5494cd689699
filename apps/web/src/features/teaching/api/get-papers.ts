/** `GET /api/v1/papers?stageId&subjectId&keyword&page&pageSize`: papers of the paper centre to assign whole. */
import { ApiPaths, type Paged, type PaperListItem } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type PaperParams = Record<string, string | number | undefined>;

export function getPapers(params: PaperParams): Promise<Paged<PaperListItem>> {
  return apiGet<Paged<PaperListItem>>(ApiPaths.papers, params, { silent: true });
}

export const papersQueryOptions = (params: PaperParams) =>
  queryOptions({
    queryKey: ['papers', 'list', params],
    queryFn: () => getPapers(params),
    placeholderData: keepPreviousData,
  });

export function usePapers(params: PaperParams, enabled = true) {
  return useQuery({ ...papersQueryOptions(params), enabled });
}
