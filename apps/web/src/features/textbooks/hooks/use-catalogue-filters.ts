/** The catalogue filters held in the URL query (so a link reproduces the view). */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearch, filtersToSearch, type CatalogueFilters } from '../lib/filters';

export function useCatalogueFilters(): [CatalogueFilters, (next: CatalogueFilters) => void] {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the query string, not the object identity
  const filters = useMemo(() => filtersFromSearch(search), [key]);
  const update = useCallback((next: CatalogueFilters) => setSearch(filtersToSearch(next)), [setSearch]);
  return [filters, update];
}
