/** `GET /api/v1/textbooks/{id}/chapters`: a book's chapter tree (start pages, question counts). */
import { ApiPaths, type ChapterTreeNode } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getTextbookChapters(id: number): Promise<ChapterTreeNode[]> {
  return apiGet<ChapterTreeNode[]>(ApiPaths.textbookChapters(id), undefined, { silent: true });
}

export const textbookChaptersQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['textbook-chapters', id], queryFn: () => getTextbookChapters(id), staleTime: 10 * 60_000 });

export function useTextbookChapters(id: number | undefined) {
  return useQuery({ ...textbookChaptersQueryOptions(id ?? 0), enabled: !!id });
}
