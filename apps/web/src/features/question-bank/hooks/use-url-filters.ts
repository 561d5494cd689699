/** Filters held in the URL query (see lib/filters.ts), so a link reproduces the view. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readFilters, writeFilters, type FilterSpec, type UrlFilters } from '../lib/filters';

export function useUrlFilters<K extends string>(spec: FilterSpec<K>): [UrlFilters<K>, (next: UrlFilters<K>) => void] {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the query string, not the object identity
  const filters = useMemo(() => readFilters(spec, search), [key, spec]);
  const update = useCallback((next: UrlFilters<K>) => setSearch(writeFilters(spec, next)), [setSearch, spec]);
  return [filters, update];
}
