/**
 * The first screen's API calls, started by the entry before the router loads the page's chunks
 * (docs/decisions/013-first-paint.md). Without this the calls leave only once the page's chunks
 * have arrived and the page has rendered: on a slow mobile network that is about two round trips of
 * chunk loading, then the data, then the images it names (the LCP element of most pages). Each
 * prefetch uses the page's own query options, so the page finds the answer (or the request in
 * flight) in the TanStack Query cache; a call that does not match what the page asks costs one
 * request and nothing else.
 */
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { isMobileDevice } from '@/lib/device';
import { bannersQueryOptions } from '@/features/banners/api/get-banners';
import { textbookFacetsQueryOptions } from '@/features/textbooks/api/get-textbook-facets';
import { textbookQueryOptions } from '@/features/textbooks/api/get-textbook';
import { bookstoreQueryOptions, textbooksQueryOptions } from '@/features/textbooks/api/get-textbooks';
import { filtersFromSearch, toFacetQuery, toListQuery } from '@/features/textbooks/lib/filters';
import { FEATURED_COUNT, featuredStages } from '@/features/textbooks/lib/featured';
import { useSession } from '@/stores/session';
import { mobileCounterpart } from './mobile-links';

type Prefetch = (client: QueryClient, search: URLSearchParams) => void;

/** A positive integer `id` query value, or null (the page shows its own message for a bad id). */
function idOf(search: URLSearchParams): number | null {
  const raw = search.get('id');
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

const bookDetail: Prefetch = (client, search) => {
  const id = idOf(search);
  if (id) void client.prefetchQuery(textbookQueryOptions(id, useSession.getState().user?.userId ?? null));
};

/** Both homes: the carousel and the featured textbooks (facets, then the first stage's books). */
const home: Prefetch = (client) => {
  void client.prefetchQuery(bannersQueryOptions());
  void client.prefetchQuery(textbookFacetsQueryOptions({})).then(() => {
    const facets = client.getQueryData(textbookFacetsQueryOptions({}).queryKey);
    const first = featuredStages(facets?.stage ?? [])[0];
    if (first)
      void client.prefetchQuery(textbooksQueryOptions({ stageId: first.id, page: 1, pageSize: FEATURED_COUNT }));
  });
};

/** The route path → its first screen's calls (the pages measured in docs/benchmarks.md, Lighthouse). */
const FIRST_SCREEN: Readonly<Record<string, Prefetch>> = {
  [paths.home]: home,
  [paths.mobile.home]: home,
  [paths.digitalBook]: (client, search) => {
    const filters = filtersFromSearch(search);
    void client.prefetchQuery(textbookFacetsQueryOptions(toFacetQuery(filters)));
    void client.prefetchQuery(textbooksQueryOptions(toListQuery(filters)));
  },
  [paths.mobile.textbook]: (client, search) => {
    const filters = filtersFromSearch(search);
    void client.prefetchQuery(textbookFacetsQueryOptions({ keyword: filters.keyword }));
    void client.prefetchInfiniteQuery(bookstoreQueryOptions(toFacetQuery(filters)));
  },
  [paths.detail]: bookDetail,
  [paths.mobile.browseBook]: bookDetail,
  [paths.mobile.pdf]: bookDetail,
};

/**
 * Starts the calls of the page at `fullPath` (hash-router path and query, e.g. `/detail?id=3`),
 * after the phone redirect the router would make (app/mobile-links.ts). Unknown pages start nothing.
 */
export function prefetchFirstScreen(client: QueryClient, fullPath: string, mobile: boolean = isMobileDevice()): void {
  let target = fullPath;
  if (mobile) {
    const [pathname = '/', query = ''] = fullPath.split('?');
    target = mobileCounterpart(pathname, query) ?? fullPath;
  }
  const [pathname = '/', query = ''] = target.split('?');
  FIRST_SCREEN[pathname]?.(client, new URLSearchParams(query));
}
