/** `GET /api/v1/textbooks/with-chapters?stageId&subjectId&editionId&gradeId`: books with a chapter tree. */
import { ApiPaths, type ChapterBook } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export interface ChapterBookParams {
  stageId?: string;
  subjectId?: string;
  editionId?: string;
  gradeId?: string;
}

export function getChapterBooks(params: ChapterBookParams): Promise<ChapterBook[]> {
  return apiGet<ChapterBook[]>(ApiPaths.textbooksWithChapters, params, { silent: true });
}

export const chapterBooksQueryOptions = (params: ChapterBookParams) =>
  queryOptions({
    queryKey: ['chapter-books', params],
    queryFn: () => getChapterBooks(params),
    staleTime: 10 * 60_000,
  });

export function useChapterBooks(params: ChapterBookParams) {
  return useQuery(chapterBooksQueryOptions(params));
}
