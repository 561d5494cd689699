/** `GET /api/v1/papers`: one page of the paper centre for the given filters. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type Paged, type PaperListItem } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

/** The list request as sent: the URL filters (strings) plus paging. */
export type PaperListParams = Record<string, string | number | undefined>;

export function getPapers(params: PaperListParams): Promise<Paged<PaperListItem>> {
  return apiGet<Paged<PaperListItem>>(ApiPaths.papers, params, { silent: true });
}

export const papersQueryOptions = (params: PaperListParams) =>
  queryOptions({
    queryKey: ['papers', 'list', params],
    queryFn: () => getPapers(params),
    placeholderData: keepPreviousData,
  });

export function usePapers(params: PaperListParams) {
  return useQuery(papersQueryOptions(params));
}
