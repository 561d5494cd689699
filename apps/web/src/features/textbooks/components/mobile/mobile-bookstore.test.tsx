/**
 * H5 bookstore against a mocked transport: the 筛选 sheet offers 学科 … with counts from the facets
 * endpoint, follows the cascade in its draft, and 确定 narrows the list with the desktop's URL keys.
 */
import { ApiPaths, type TextbookFacets, type TextbookListItem } from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { client } from '@/lib/api-client';
import { MobileBookstore } from './mobile-bookstore';

const mock = new MockAdapter(client);
afterEach(() => {
  cleanup();
  mock.reset();
});
afterAll(() => mock.restore());

const entry = (id: number, name: string) => ({ id, name });
const card = (id: number, title: string, subjectId: number): TextbookListItem => ({
  id,
  externalId: `e${id}`,
  title,
  stage: entry(2, '初中'),
  subject: entry(subjectId, subjectId === 7 ? '数学' : '物理'),
  edition: entry(3, '人教版'),
  grade: entry(4, '七年级'),
  volume: entry(5, '上册'),
  publisher: null,
  coverUrl: `/covers/${id}.svg`,
  access: 'public',
  hasFile: true,
  pageCount: 10,
});
const BOOKS = [
  card(1, '义务教育教科书·数学七年级上册', 7),
  card(2, '义务教育教科书·数学七年级下册', 7),
  card(3, '义务教育教科书·物理八年级上册', 8),
];
const facetsFor = (subjectId?: number): TextbookFacets => ({
  total: subjectId ? BOOKS.filter((b) => b.subject.id === subjectId).length : BOOKS.length,
  stage: [{ id: 2, name: '初中', count: 3 }],
  subject: [
    { id: 7, name: '数学', count: 2 },
    { id: 8, name: '物理', count: 1 },
  ],
  edition: [{ id: 3, name: '人教版', count: subjectId === 7 ? 2 : 3 }],
  grade: [{ id: 4, name: '七年级', count: 2 }],
  volume: [
    { id: 5, name: '上册', count: 1 },
    { id: 6, name: '下册', count: 1 },
  ],
  publisher: [],
  readable: 2,
});

function Where() {
  const loc = useLocation();
  return <output data-testid="where">{loc.search}</output>;
}

describe('MobileBookstore', { timeout: 30_000 }, () => {
  it('narrows the list through the filter sheet and keeps the volume in the titles', async () => {
    mock.onGet(ApiPaths.textbookFacets).reply((cfg) => {
      const params = (cfg.params ?? {}) as { subjectId?: number };
      return [200, { code: 200, msg: 'success', data: facetsFor(params.subjectId) }];
    });
    mock.onGet(ApiPaths.textbooks).reply((cfg) => {
      const params = (cfg.params ?? {}) as { subjectId?: number };
      const items = BOOKS.filter((b) => !params.subjectId || b.subject.id === Number(params.subjectId));
      return [200, { code: 200, msg: 'success', data: { items, total: items.length, page: 1, pageSize: 20 } }];
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/mobileH5/textbook']}>
          <MobileBookstore />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('共 3 本教材')).toBeTruthy();
    // The series prefix is a small line; the title ends with its volume.
    expect(screen.getByRole('heading', { level: 2, name: '数学七年级上册' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '数学七年级下册' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const dialog = await screen.findByRole('dialog', { name: '筛选教材' });
    const maths = await screen.findByRole('button', { name: '数学，2 本' });
    expect(maths.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(maths);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '数学，2 本' }).getAttribute('aria-pressed')).toBe('true'),
    );
    // The draft's facets follow the choice (版本 now counts only 数学 books).
    expect(await screen.findByRole('button', { name: '人教版，2 本' })).toBeTruthy();
    expect(dialog).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?subjectId=7'));
    expect(await screen.findByText('共 2 本教材')).toBeTruthy();
    expect(screen.getByRole('button', { name: '筛选 1' })).toBeTruthy();
  });

  it('shows access badges only on readable books and filters 可在线阅读 through the URL', async () => {
    const books = [BOOKS[0]!, { ...BOOKS[1]!, hasFile: false, access: 'activation' as const }];
    const asked: unknown[] = [];
    mock.onGet(ApiPaths.textbookFacets).reply(() => [200, { code: 200, msg: 'success', data: facetsFor() }]);
    mock.onGet(ApiPaths.textbooks).reply((cfg) => {
      const params = (cfg.params ?? {}) as { readable?: boolean };
      asked.push(params.readable);
      const items = books.filter((b) => !params.readable || b.hasFile);
      return [200, { code: 200, msg: 'success', data: { items, total: items.length, page: 1, pageSize: 20 } }];
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/mobileH5/textbook']}>
          <MobileBookstore />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('共 2 本教材')).toBeTruthy();
    expect(screen.getAllByText('免费阅读')).toHaveLength(1);
    expect(screen.queryByText('激活阅读')).toBeNull();
    const toggle = screen.getByRole('button', { name: '可在线阅读' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?readable=true'));
    expect(await screen.findByText('共 1 本教材')).toBeTruthy();
    expect(screen.getByRole('button', { name: '可在线阅读' }).getAttribute('aria-pressed')).toBe('true');
    expect(asked).toContain(true);
  });
});
