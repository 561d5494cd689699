/** Filters held in the URL query (see lib/filters.ts), so a link reproduces the view. */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { readFilters, writeFilters, type FilterSpec, type UrlFilters } from '../lib/filters';

/** A new set of filters, or a change of the latest ones (`(current) => next`). */
export type FiltersUpdate<K extends string> = UrlFilters<K> | ((current: UrlFilters<K>) => UrlFilters<K>);

/**
 * The filters of the URL and their setter. A change given as a function applies to the filters
 * last written, not to those of the last render: the router renders a navigation as a transition,
 * so a second click (学段, then at once 学科) may come before the first one's render and would
 * otherwise drop it.
 */
export function useUrlFilters<K extends string>(
  spec: FilterSpec<K>,
): [UrlFilters<K>, (next: FiltersUpdate<K>) => void] {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the query string, not the object identity
  const filters = useMemo(() => readFilters(spec, search), [key, spec]);
  const latest = useRef(search);
  // The URL moved (a write rendered, the back button, a link): it is the latest again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the query string, not the object identity
  useLayoutEffect(() => void (latest.current = search), [key]);
  const update = useCallback(
    (next: FiltersUpdate<K>) => {
      const value = typeof next === 'function' ? next(readFilters(spec, latest.current)) : next;
      const params = writeFilters(spec, value);
      latest.current = params;
      setSearch(params);
    },
    [setSearch, spec],
  );
  return [filters, update];
}
