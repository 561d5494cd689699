/** `GET /api/v1/dictionary/edition`: the 版本 (textbook editions) of the catalogue, for the class form. */
import { ApiPaths, type DictEntry } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getEditions(): Promise<DictEntry[]> {
  return apiGet<DictEntry[]>(ApiPaths.dictEdition, undefined, { silent: true });
}

export const editionsQueryOptions = () =>
  queryOptions({ queryKey: ['dictionary', 'edition'], queryFn: getEditions, staleTime: 60 * 60_000 });

export function useEditions() {
  return useQuery(editionsQueryOptions());
}
