/** `GET /api/v1/admin/publishing/textbooks?q=|id=`: books to pick for an erratum or a printing (≤ 20). */
import { ApiPaths, type AdminPublishingTextbook } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { PUBLISHING_KEY } from './keys';

export const getPickTextbooks = (params: { q?: string; id?: number }) =>
  apiGet<AdminPublishingTextbook[]>(ApiPaths.adminPublishingTextbooks, params, { silent: true });

export const pickTextbooksOptions = (params: { q?: string; id?: number }) =>
  queryOptions({
    queryKey: [...PUBLISHING_KEY, 'textbooks', params],
    queryFn: () => getPickTextbooks(params),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function usePickTextbooks(params: { q?: string; id?: number }, enabled = true) {
  return useQuery({ ...pickTextbooksOptions(params), enabled });
}
