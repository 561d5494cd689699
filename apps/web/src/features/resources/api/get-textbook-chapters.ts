/**
 * `GET /api/v1/textbooks/{id}/chapters`: a book's chapter tree (chapters, lessons, printed pages). A
 * server without that call (404) falls back to the contents of the book's detail
 * (`GET /api/v1/textbooks/{id}`), which holds the same chapters without question counts.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type ChapterNode, type ChapterTreeNode, type TextbookDetail } from '@eav/contract';
import { ApiError, apiGet } from '@/lib/api-client';

const fromDetail = (nodes: readonly ChapterNode[]): ChapterTreeNode[] =>
  nodes.map((n) => ({ id: n.id, title: n.title, page: n.page, questionCount: 0, children: fromDetail(n.children) }));

export async function getTextbookChapters(textbookId: number): Promise<ChapterTreeNode[]> {
  try {
    return await apiGet<ChapterTreeNode[]>(ApiPaths.textbookChapters(textbookId), undefined, { silent: true });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    const book = await apiGet<TextbookDetail>(ApiPaths.textbook(textbookId), undefined, { silent: true });
    return fromDetail(book.chapters);
  }
}

export const textbookChaptersQueryOptions = (textbookId: number) =>
  queryOptions({
    queryKey: ['resources', 'chapters', textbookId],
    queryFn: () => getTextbookChapters(textbookId),
    staleTime: 10 * 60_000,
  });

export function useTextbookChapters(textbookId: number | undefined) {
  return useQuery({ ...textbookChaptersQueryOptions(textbookId ?? 0), enabled: textbookId !== undefined });
}
