/** `GET /api/v1/papers/{id}`: a paper with its sections and questions (answers included). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type PaperRead } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getPaper(id: number): Promise<PaperRead> {
  return apiGet<PaperRead>(ApiPaths.paper(id), undefined, { silent: true });
}

export const paperQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['papers', 'detail', id], queryFn: () => getPaper(id), staleTime: 10 * 60_000 });

export function usePaper(id: number | undefined) {
  return useQuery({ ...paperQueryOptions(id ?? 0), enabled: id !== undefined });
}
