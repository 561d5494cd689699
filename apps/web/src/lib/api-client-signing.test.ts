/**
 * The client signs the path the browser actually sends, reduced to its canonical path as the server
 * reduces it (docs/api.md, Signing): dot segments resolved, non-ASCII and escaped characters alike.
 */
import { SIGN_HEADERS, canonicalPath, signRequest } from '@eav/contract';
import MockAdapter from 'axios-mock-adapter';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { apiGet, client } from './api-client';

const mock = new MockAdapter(client);
beforeEach(() => mock.reset());
afterAll(() => mock.restore());

/** What the server computes for a recorded request: the target as the browser sends it. */
function serverSignature(config: { method?: string; url?: string; params?: unknown; headers?: unknown }): string {
  const sent = new URL(client.getUri(config as never), window.location.href);
  const h = config.headers as { get(name: string): unknown };
  return signRequest(
    {
      method: (config.method ?? 'get').toUpperCase(),
      path: `${sent.pathname}${sent.search}`,
      query: sent.searchParams,
      timestamp: String(h.get(SIGN_HEADERS.timestamp)),
    },
    'dev-secret',
  );
}

describe('signed path', () => {
  it.each([
    ['/api/v1/textbooks/语文'],
    ['/api/v1/admin/textbooks/a/../codes'],
    ['/api/v1/textbooks/./1'],
    ['/api/v1/textbooks/%E8%AF%AD/x y'],
  ])('signs %s as the browser sends it', async (url) => {
    mock.onAny().reply(200, { code: 200, msg: 'ok', data: null });
    await apiGet(url, { q: '中 文' });
    const sent = mock.history.get![0]!;
    const h = sent.headers as unknown as { get(name: string): unknown };
    expect(h.get(SIGN_HEADERS.sign)).toBe(serverSignature(sent));
  });

  it('reduces the sent path as the server does', () => {
    expect(canonicalPath(new URL('/api/v1/a/../b', 'http://h/').href)).toBe('/api/v1/b');
  });
});
