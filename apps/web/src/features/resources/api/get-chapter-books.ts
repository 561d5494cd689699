/**
 * `GET /api/v1/textbooks/with-chapters`: the books that have a chapter tree, the ones 同步资源 can
 * show by chapter. A few hundred at most, so the page filters them in the browser. A server without
 * that call falls back to the catalogue (`GET /api/v1/textbooks`, page by page).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, PAGE_SIZE_MAX, type ChapterBook, type Paged, type TextbookListItem } from '@eav/contract';
import { ApiError, apiGet } from '@/lib/api-client';

/** Catalogue pages read at most by the fallback (10 × 100 books). */
const FALLBACK_PAGES = 10;

async function fromCatalogue(): Promise<ChapterBook[]> {
  const out: ChapterBook[] = [];
  for (let page = 1; page <= FALLBACK_PAGES; page++) {
    const data = await apiGet<Paged<TextbookListItem>>(
      ApiPaths.textbooks,
      { page, pageSize: PAGE_SIZE_MAX },
      { silent: true },
    );
    for (const b of data.items)
      out.push({
        id: b.id,
        externalId: b.externalId,
        title: b.title,
        stage: b.stage,
        subject: b.subject,
        edition: b.edition,
        grade: b.grade,
        volume: b.volume,
        coverUrl: b.coverUrl,
        chapterCount: 0,
      });
    if (page * PAGE_SIZE_MAX >= data.total) break;
  }
  return out;
}

export async function getChapterBooks(): Promise<ChapterBook[]> {
  try {
    const data = await apiGet<ChapterBook[] | Paged<ChapterBook>>(ApiPaths.textbooksWithChapters, undefined, {
      silent: true,
    });
    return Array.isArray(data) ? data : data.items;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return fromCatalogue();
    throw err;
  }
}

export const chapterBooksQueryOptions = () =>
  queryOptions({ queryKey: ['resources', 'chapter-books'], queryFn: getChapterBooks, staleTime: 10 * 60_000 });

export function useChapterBooks() {
  return useQuery(chapterBooksQueryOptions());
}
