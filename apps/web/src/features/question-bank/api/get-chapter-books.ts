/** `GET /api/v1/textbooks/with-chapters`: the books that have a chapter tree (a way into the bank). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type ChapterBook } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export interface ChapterBookParams {
  stageId?: string;
  subjectId?: string;
}

export function getChapterBooks(params: ChapterBookParams): Promise<ChapterBook[]> {
  return apiGet<ChapterBook[]>(ApiPaths.textbooksWithChapters, params, { silent: true });
}

export const chapterBooksQueryOptions = (params: ChapterBookParams) =>
  queryOptions({ queryKey: ['chapter-books', params], queryFn: () => getChapterBooks(params), staleTime: 10 * 60_000 });

export function useChapterBooks(params: ChapterBookParams, enabled = true) {
  return useQuery({ ...chapterBooksQueryOptions(params), enabled });
}
