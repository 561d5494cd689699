/**
 * The 激活码 form's book picker against a mocked transport: typing searches the console's book list
 * on the server (not the options in the page), options show title, grade and edition, and the
 * chosen value is the book's id.
 */
import { ApiPaths, type AdminTextbookRow } from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { client } from '@/lib/api-client';
import { pickerLabel, TextbookPicker } from './textbook-picker';

const mock = new MockAdapter(client);
afterEach(() => {
  cleanup();
  mock.reset();
});
afterAll(() => mock.restore());

const row = (id: number, title: string, grade: string | null, edition: string): AdminTextbookRow => ({
  id,
  externalId: `ext-${id}`,
  title,
  stage: '初中',
  subject: '数学',
  edition,
  grade,
  volume: '上册',
  publisher: null,
  access: 'activation',
  description: null,
  coverUrl: `/covers/${id}.svg`,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const BOOKS = [
  row(7, '义务教育教科书·数学七年级上册', '七年级', '人教版'),
  row(9, '普通高中教科书·数学必修第一册', null, '北师大版'),
];

describe('TextbookPicker', { timeout: 30_000 }, () => {
  it('labels a book with its title, grade and edition', () => {
    expect(pickerLabel(BOOKS[0]!)).toBe('义务教育教科书·数学七年级上册 · 七年级 · 人教版');
    expect(pickerLabel(BOOKS[1]!)).toBe('普通高中教科书·数学必修第一册 · 北师大版');
  });

  it('searches the server with the typed words and hands back the chosen id', async () => {
    const asked: (string | undefined)[] = [];
    mock.onGet(ApiPaths.adminCatalogueTextbooks).reply((cfg) => {
      const q = (cfg.params as { q?: string }).q;
      asked.push(q);
      const items = BOOKS.filter((b) => !q || b.title.includes(q));
      return [200, { code: 200, msg: 'success', data: { items, total: items.length, page: 1, pageSize: 20 } }];
    });
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TextbookPicker onChange={onChange} />
      </QueryClientProvider>,
    );
    const input = screen.getByRole('combobox', { name: '教材' });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '必修' } });
    await waitFor(() => expect(asked).toContain('必修'));
    const option = await screen.findByText('普通高中教科书·数学必修第一册 · 北师大版');
    expect(screen.queryByText(/七年级上册/)).toBeNull();
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith('9');
  });
});
