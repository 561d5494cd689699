/**
 * Home carousel banners: `GET /prize/api/v1/banner` (docs/product.md §7; the contract's `banner` schema). Active banners
 * inside their time window, in display order. Errors toast through the client's rules. The page the
 * server renders carries the first answer (lib/inlined-answers.ts), so a home paints its carousel
 * without waiting for a request.
 */
import { ApiPaths, type Banner } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { takeInlinedAnswer } from '@/lib/inlined-answers';
import { safeHref } from '@/lib/safe-url';

export function getBanners(): Promise<Banner[]> {
  return apiGet<Banner[]>(ApiPaths.banner);
}

export const bannersQueryOptions = () =>
  queryOptions({
    queryKey: ['banners'],
    queryFn: getBanners,
    staleTime: 5 * 60_000,
    initialData: () => takeInlinedAnswer<Banner[]>(ApiPaths.banner),
  });

export function useBanners() {
  return useQuery(bannersQueryOptions());
}

/**
 * Where a banner's `link` leads: an in-app route (`/digitalBook`, or the older hash form
 * `#/digitalBook`), an external `https://` URL, or nothing. Everything else (`javascript:`,
 * `data:`, `http:`, `//host`) is refused with `safeHref`, whatever the server sent.
 */
export function bannerTarget(
  link: string | null | undefined,
): { kind: 'route'; to: string } | { kind: 'external'; href: string } | null {
  if (!link) return null;
  const href = safeHref(link.startsWith('#/') ? link.slice(1) : link);
  if (!href) return null;
  return href.startsWith('/') ? { kind: 'route', to: href } : { kind: 'external', href };
}
