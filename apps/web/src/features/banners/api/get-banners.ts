/**
 * Home carousel banners: `GET /prize/api/v1/banner` (spec 7; contract `banner` schema). Active banners
 * inside their time window, in display order. Errors toast through the client's rules.
 */
import { ApiPaths, type Banner } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getBanners(): Promise<Banner[]> {
  return apiGet<Banner[]>(ApiPaths.banner);
}

export const bannersQueryOptions = () =>
  queryOptions({ queryKey: ['banners'], queryFn: getBanners, staleTime: 5 * 60_000 });

export function useBanners() {
  return useQuery(bannersQueryOptions());
}

/**
 * Where a banner's `link` leads: an in-app hash route (`#/digitalBook` → `/digitalBook`), an
 * external http(s) URL, or nothing. Anything else (javascript:, data:) is refused.
 */
export function bannerTarget(
  link: string | null | undefined,
): { kind: 'route'; to: string } | { kind: 'external'; href: string } | null {
  if (!link) return null;
  const l = link.trim();
  if (l.startsWith('#/')) return { kind: 'route', to: l.slice(1) };
  if (l.startsWith('/') && !l.startsWith('//')) return { kind: 'route', to: l };
  if (/^https?:\/\//i.test(l)) return { kind: 'external', href: l };
  return null;
}
