/**
 * The query state of a server-paged console list: its filters, sort and page in one object (the one
 * the list's query hook and its export buttons take), and the paging `ConsoleTable` reads.
 */
import { useCallback, useMemo, useState } from 'react';
import type { TablePaging } from './console-table';

/** A list query the server pages. */
export interface PagedQuery {
  page: number;
  pageSize: number;
}

/**
 * Holds a list's query, starting from `initial`. `filter` changes filters and goes back to page 1
 * (the old page may not exist in the new result); `paging` follows the table's pager. `Q` may be
 * the contract's query type, whose page and size are optional: here they are always set.
 */
export function useTablePaging<Q extends Partial<PagedQuery>>(initial: Q & PagedQuery) {
  const [query, setQuery] = useState<Q & PagedQuery>(initial);
  const filter = useCallback((patch: Partial<Q>) => setQuery((q) => ({ ...q, ...patch, page: 1 })), []);
  const paging = useMemo<TablePaging>(
    () => ({
      page: query.page,
      pageSize: query.pageSize,
      onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
    }),
    [query.page, query.pageSize],
  );
  return { query, setQuery, filter, paging };
}
