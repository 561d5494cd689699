/** `GET /api/v1/admin/catalogue/textbooks/{id}/chapters`: a book's chapter tree for the editor, with reference counts. */
import { ApiPaths, type ConsoleChapterTree } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getConsoleChapters = (id: number) =>
  apiGet<ConsoleChapterTree>(ApiPaths.adminCatalogueTextbookChapters(id), undefined, { silent: true });

export const consoleChaptersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['console-content', 'chapters', id],
    queryFn: () => getConsoleChapters(id),
    // The editor copies the tree once, from a fresh read; later refetches never touch its edits.
    refetchOnWindowFocus: false,
    refetchOnMount: 'always',
  });

export function useConsoleChapters(id: number) {
  return useQuery(consoleChaptersQueryOptions(id));
}
