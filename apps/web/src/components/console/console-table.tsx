/**
 * The table of an operator-console list page (desktop, antd). It carries what every list shares so
 * that a page keeps only its columns, filters, query and actions:
 * - paging: a server-paged list shows the page its paging state asks for (`useTablePaging`) with the
 *   total the server counted; a whole list is paged here (or not at all);
 * - the pagination props and the "共 N 条" total text;
 * - loading, error (the failed-query block with 重试, or the page's own) and empty states;
 * - an accessible name: a caption read by screen readers, not shown.
 */
import type { Paged } from '@eav/contract';
import { Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { QueryError } from '@/components/errors/query-error';

/** What the table reads of a TanStack Query result (a `UseQueryResult` fits). */
export interface ListQueryState<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

/** Server paging: the page shown and what to do when the reader turns or resizes it. */
export interface TablePaging {
  page: number;
  pageSize: number;
  onChange: (page: number, pageSize: number) => void;
}

/** A header sort as a server takes it: the sorted column's key and direction, both unset when unsorted. */
export interface TableSort {
  columnKey: Key | undefined;
  order: 'ascend' | 'descend' | undefined;
}

type OwnTableProps = 'dataSource' | 'loading' | 'pagination' | 'locale' | 'caption';

interface CommonProps<Row> extends Omit<TableProps<Row>, OwnTableProps> {
  /** The table's accessible name (a caption for screen readers), e.g. 用户列表. */
  label: string;
  /** Shown when there are no rows, e.g. 没有符合条件的用户. */
  emptyText: string;
  /** What the total counts: `共 N ${totalUnit}` (default 条). */
  totalUnit?: string;
  /** Called on every change of the table with its (first) header sort, for sorting on the server. */
  onSort?: (sort: TableSort) => void;
  /** The failed state instead of the shared block, e.g. one that asks for the second factor again. */
  renderError?: (error: unknown, retry: () => void) => ReactNode;
}

/** A list the server pages: `query` answers the page `paging` asks for. */
interface ServerPagedProps<Row> extends CommonProps<Row> {
  query: ListQueryState<Paged<Row>>;
  paging: TablePaging;
}

/** A whole list, from a query or rows at hand, paged here by `pageSize` (none: all on one page). */
interface WholeListProps<Row> extends CommonProps<Row> {
  query?: ListQueryState<readonly Row[]>;
  /** The rows when they do not come from `query` (or to show instead of its data). */
  rows?: readonly Row[];
  pageSize?: number;
  paging?: never;
}

export type ConsoleTableProps<Row> = ServerPagedProps<Row> | WholeListProps<Row>;

/** Both shapes at once, for reading the props without narrowing each time. */
type AnyProps<Row> = CommonProps<Row> & {
  query?: ListQueryState<Paged<Row> | readonly Row[]>;
  paging?: TablePaging;
  rows?: readonly Row[];
  pageSize?: number;
};

/** A console list's table: paging, total, loading, error and empty states and its accessible name. */
export function ConsoleTable<Row extends object>(props: ConsoleTableProps<Row>) {
  const {
    label,
    emptyText,
    totalUnit = '条',
    onSort,
    renderError,
    onChange,
    query,
    paging,
    rows,
    pageSize,
    ...rest
  } = props as AnyProps<Row>;
  const showTotal = (n: number) => `共 ${n} ${totalUnit}`;

  if (query?.isError) {
    const retry = () => void query.refetch();
    return renderError ? (
      renderError(query.error, retry)
    ) : (
      <QueryError error={query.error} onRetry={retry} retryText="重试" />
    );
  }

  const data = query?.data;
  const items = rows ?? (data === undefined ? [] : 'items' in data ? data.items : data);
  const pagination: TableProps<Row>['pagination'] = paging
    ? {
        current: paging.page,
        pageSize: paging.pageSize,
        total: data && 'total' in data ? data.total : 0,
        showSizeChanger: true,
        showTotal,
      }
    : pageSize !== undefined && { pageSize, hideOnSinglePage: true, showSizeChanger: false, showTotal };
  // While the next page loads, the rows shown are the last page's: say so. A whole list's refetch in
  // the background keeps showing the same list, so only its first load spins.
  const loading = paging ? !!query?.isFetching : !!query?.isPending;

  return (
    <Table<Row>
      {...rest}
      caption={<span className="eav-visually-hidden">{label}</span>}
      dataSource={items}
      loading={loading}
      // Before the first answer the list is unknown, not empty.
      locale={{ emptyText: query?.isPending ? '加载中…' : emptyText }}
      pagination={pagination}
      onChange={(p, filters, sorter, extra) => {
        paging?.onChange(p.current ?? 1, p.pageSize ?? paging.pageSize);
        if (onSort) {
          const s: SorterResult<Row> | undefined = Array.isArray(sorter) ? sorter[0] : sorter;
          onSort({ columnKey: s?.order ? s.columnKey : undefined, order: s?.order ?? undefined });
        }
        onChange?.(p, filters, sorter, extra);
      }}
    />
  );
}
