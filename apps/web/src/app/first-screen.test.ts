import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchFirstScreen } from './first-screen';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet,
}));

/** The paths (with query) requested after the prefetches have settled. */
async function requested(fullPath: string, mobile: boolean): Promise<string[]> {
  const client = new QueryClient();
  prefetchFirstScreen(client, fullPath, mobile);
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  await new Promise((r) => setTimeout(r, 0));
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  return apiGet.mock.calls.map(([p, q]) => (q ? `${p} ${JSON.stringify(q)}` : String(p)));
}

afterEach(() => apiGet.mockReset());

describe('prefetchFirstScreen', () => {
  it('starts the detail of the book a desktop link names, also after the phone redirect', async () => {
    apiGet.mockResolvedValue({});
    expect(await requested('/detail?id=6', false)).toEqual(['/api/v1/textbooks/6']);
    apiGet.mockClear();
    expect(await requested('/detail?id=6', true)).toEqual(['/api/v1/textbooks/6']);
  });

  it('starts the banners, the facets and the first featured stage on the home pages', async () => {
    apiGet.mockImplementation(async (p: string) =>
      p.endsWith('/facets')
        ? {
            stage: [
              { id: 2, name: '初中', count: 3 },
              { id: 1, name: '小学', count: 5 },
            ],
          }
        : [],
    );
    const calls = await requested('/mobileH5/home', true);
    expect(calls).toContain('/prize/api/v1/banner');
    expect(calls).toContain('/api/v1/textbooks/facets {}');
    expect(calls).toContain('/api/v1/textbooks {"stageId":1,"page":1,"pageSize":6}');
  });

  it("starts the H5 bookstore's stage tabs and the first page of its list, with the URL's filters", async () => {
    apiGet.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 20 });
    expect(await requested('/mobileH5/textbook?stageId=2&keyword=语文', true)).toEqual([
      '/api/v1/textbooks/facets {"keyword":"语文"}',
      '/api/v1/textbooks {"stageId":2,"keyword":"语文","page":1,"pageSize":20}',
    ]);
  });

  it('starts nothing for a bad id or a page without a first-screen call', async () => {
    apiGet.mockResolvedValue({});
    expect(await requested('/detail?id=abc', false)).toEqual([]);
    expect(await requested('/about', false)).toEqual([]);
  });
});
