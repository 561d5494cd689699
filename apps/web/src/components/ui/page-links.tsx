/**
 * Real links for antd's Pagination on the lists whose page is the URL's `page` parameter (the
 * catalogue, 云题库, 试卷中心, the lesson and course lists, 出版): each page number and the ••• jumps
 * get the `href` of that page, so a list page can be opened in a new tab, bookmarked and crawled
 * (Lighthouse SEO, "Links are crawlable"). A plain click stays with Pagination's `onChange`: the
 * link's own navigation is prevented, so a page change makes one history entry, not two. The links
 * are out of the tab order, where Pagination's list items already are.
 * Desktop only: it types antd's Pagination, which the H5 shell must not load.
 */
import type { PaginationProps } from 'antd';
import { cloneElement, isValidElement, type MouseEvent, type ReactElement } from 'react';
import { useHref, useLocation } from 'react-router';

/** The search of `search` on page `page`: `page` set, or removed for page 1 (the lists' default). */
export function searchOfPage(search: string, page: number): string {
  const q = new URLSearchParams(search);
  if (page > 1) q.set('page', String(page));
  else q.delete('page');
  const s = q.toString();
  return s ? `?${s}` : '';
}

const preventNavigation = (e: MouseEvent) => e.preventDefault();

/** Pagination's `itemRender` giving its page and jump items the `href` of their page in the current URL. */
export function usePageLinks(): NonNullable<PaginationProps['itemRender']> {
  const location = useLocation();
  // The router's own href (`#/path` in hash mode) of the current path.
  const base = useHref(location.pathname);
  return (page, type, element) => {
    if ((type !== 'page' && type !== 'jump-prev' && type !== 'jump-next') || !isValidElement(element)) return element;
    return cloneElement(element as ReactElement<Record<string, unknown>>, {
      href: `${base}${searchOfPage(location.search, page)}`,
      tabIndex: -1,
      onClick: preventNavigation,
    });
  };
}
