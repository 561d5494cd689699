/**
 * The console's shared list table against a fake paged server: the page and size the reader picks
 * reach the query, the total and the rows are the server's, a filter goes back to page 1, a failed
 * query shows its message with 重试 (or the page's own error block), and the table has a name.
 */
import type { Paged } from '@eav/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ConsoleTable, type TableSort } from './console-table';
import { useTablePaging, type PagedQuery } from './use-table-paging';

interface Row {
  id: number;
  name: string;
}
interface Query extends PagedQuery {
  q?: string;
}

const ALL: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `记录${i + 1}` }));

/** The server: filters by `q`, then answers the asked page. */
function answer(query: Query): Paged<Row> {
  const hits = ALL.filter((r) => !query.q || r.name.includes(query.q));
  const start = (query.page - 1) * query.pageSize;
  return { items: hits.slice(start, start + query.pageSize), total: hits.length, ...query };
}

function List({
  fetchPage,
  onSort,
  renderError,
}: {
  fetchPage: (q: Query) => Promise<Paged<Row>>;
  onSort?: (s: TableSort) => void;
  renderError?: (error: unknown, retry: () => void) => React.ReactNode;
}) {
  const { query, filter, paging } = useTablePaging<Query>({ page: 1, pageSize: 10 });
  const list = useQuery({ queryKey: ['rows', query], queryFn: () => fetchPage(query) });
  return (
    <>
      <button type="button" onClick={() => filter({ q: '2' })}>
        筛选
      </button>
      <ConsoleTable<Row>
        label="测试记录"
        rowKey="id"
        query={list}
        paging={paging}
        emptyText="没有记录"
        totalUnit="条记录"
        onSort={onSort}
        renderError={renderError}
        columns={[
          { title: '编号', dataIndex: 'id', key: 'id', sorter: true },
          { title: '名称', dataIndex: 'name' },
        ]}
      />
    </>
  );
}

function renderList(props: Parameters<typeof List>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <List {...props} />
    </QueryClientProvider>,
  );
}

/** The names in the table body, top to bottom. */
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent);

afterEach(cleanup);

describe('ConsoleTable', { timeout: 30_000 }, () => {
  it('shows the asked page of the server, its total, and turns pages', async () => {
    const fetchPage = vi.fn((q: Query) => Promise.resolve(answer(q)));
    renderList({ fetchPage });
    expect(screen.getByRole('table', { name: '测试记录' })).toBeTruthy();
    expect(await screen.findByText('记录1')).toBeTruthy();
    expect(names()).toHaveLength(10);
    expect(screen.getByText('共 25 条记录')).toBeTruthy();

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(names()).toEqual(['记录21', '记录22', '记录23', '记录24', '记录25']));
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 3, pageSize: 10 });
  });

  it('goes back to page 1 when a filter changes', async () => {
    const fetchPage = vi.fn((q: Query) => Promise.resolve(answer(q)));
    renderList({ fetchPage });
    await screen.findByText('记录1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('记录11');
    fireEvent.click(screen.getByRole('button', { name: /^筛\s?选$/ }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, q: '2' }));
    // 记录2, 记录12, 记录20…记录25: eight hits.
    expect(await screen.findByText('共 8 条记录')).toBeTruthy();
    expect(screen.getByTitle('1').className).toContain('ant-pagination-item-active');
  });

  it('says so when nothing matches', async () => {
    renderList({ fetchPage: () => Promise.resolve({ items: [], total: 0, page: 1, pageSize: 10 }) });
    expect(await screen.findByText('没有记录')).toBeTruthy();
    // antd shows no pager for an empty list.
    expect(screen.queryByText(/^共 /)).toBeNull();
  });

  it('hands the header sort to the page', async () => {
    const onSort = vi.fn();
    renderList({ fetchPage: (q) => Promise.resolve(answer(q)), onSort });
    await screen.findByText('记录1');
    fireEvent.click(screen.getByText('编号'));
    expect(onSort).toHaveBeenLastCalledWith({ columnKey: 'id', order: 'ascend' });
  });

  it("shows a failure's message with 重试, which asks again", async () => {
    let fail = true;
    const fetchPage = vi.fn((q: Query) =>
      fail ? Promise.reject(new ApiError(403, 403, '没有权限查看记录')) : Promise.resolve(answer(q)),
    );
    renderList({ fetchPage });
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByText('没有权限查看记录')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /^重\s?试$/ }));
    expect(await screen.findByText('记录1')).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it("shows the page's own error block when it brings one", async () => {
    renderList({
      fetchPage: () => Promise.reject(new ApiError(428, 428, '请输入动态验证码')),
      renderError: (error) => <p role="alert">自定义：{(error as ApiError).msg}</p>,
    });
    expect((await screen.findByRole('alert')).textContent).toBe('自定义：请输入动态验证码');
    expect(screen.queryByText('加载失败')).toBeNull();
  });
});

describe('ConsoleTable with a whole list', { timeout: 30_000 }, () => {
  it('pages rows at hand by itself and counts them', () => {
    render(
      <ConsoleTable<Row>
        label="测试记录"
        rowKey="id"
        rows={ALL}
        pageSize={10}
        emptyText="没有记录"
        columns={[
          { title: '编号', dataIndex: 'id' },
          { title: '名称', dataIndex: 'name' },
        ]}
      />,
    );
    expect(names()).toHaveLength(10);
    expect(screen.getByText('共 25 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    expect(names()).toEqual(['记录21', '记录22', '记录23', '记录24', '记录25']);
  });
});
