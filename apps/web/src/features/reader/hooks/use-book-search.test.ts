import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FindMatch } from '../lib/find-in-book';
import {
  findStatusText,
  NO_TEXT_MESSAGE,
  pageFinds,
  stepMatch,
  useBookSearch,
  type BookSearch,
  type BookTextSource,
} from './use-book-search';

/** A fake pdf.js document: one text item per line of each page; `gate(p)` may hold page p back. */
function fakeDoc(pages: readonly (readonly string[])[], gate?: (page: number) => Promise<void> | undefined) {
  const getPage = vi.fn(async (n: number) => {
    await gate?.(n);
    const lines = pages[n - 1];
    if (!lines) throw new Error(`no page ${n}`);
    return {
      getTextContent: () => Promise.resolve({ items: lines.map((str) => ({ str, hasEOL: true })) }),
    };
  });
  const doc: BookTextSource = { numPages: pages.length, getPage };
  return { doc, getPage };
}

const BOOK = [['第一章 光合作用', '绿色植物利用光能'], ['没有这个词'], ['光合作用的产物', '是有机物和氧气。光合作用']];

function render(doc: BookTextSource | null, enabled: boolean, input: string) {
  return renderHook(
    (p: { doc: BookTextSource | null; enabled: boolean; input: string }) => useBookSearch(p.doc, p.enabled, p.input),
    { initialProps: { doc, enabled, input } },
  );
}

describe('stepMatch', () => {
  const matches = [{ page: 1 }, { page: 3 }, { page: 3 }, { page: 7 }];
  it('goes on from the current match, wrapping around', () => {
    expect(stepMatch(matches, 1, 1, 1)).toBe(2);
    expect(stepMatch(matches, 3, 1, 1)).toBe(0);
    expect(stepMatch(matches, 0, -1, 1)).toBe(3);
  });
  it('starts from the page on screen when no match is current', () => {
    expect(stepMatch(matches, -1, 1, 2)).toBe(1);
    expect(stepMatch(matches, -1, 1, 3)).toBe(1);
    expect(stepMatch(matches, -1, -1, 5)).toBe(2);
    expect(stepMatch(matches, -1, 1, 9)).toBe(0);
    expect(stepMatch(matches, -1, -1, null)).toBe(0);
    expect(stepMatch([], -1, 1, 1)).toBe(-1);
  });
});

describe('pageFinds', () => {
  it('answers the matches of one page, the current one flagged', () => {
    const m = (page: number, start: number) =>
      ({ page, start, end: start + 2, context: { before: '', match: '', after: '' } }) satisfies FindMatch;
    expect(pageFinds([m(1, 0), m(2, 4), m(2, 9)], 2, 2)).toEqual([
      { start: 4, end: 6, current: false },
      { start: 9, end: 11, current: true },
    ]);
    expect(pageFinds([m(1, 0)], 0, null)).toEqual([]);
  });
});

describe('findStatusText', () => {
  const base: Pick<BookSearch, 'status' | 'loaded' | 'total' | 'query' | 'matches' | 'truncated' | 'current'> = {
    status: 'ready',
    loaded: 3,
    total: 3,
    query: '光合',
    matches: [],
    truncated: false,
    current: -1,
  };
  const match = { page: 3, start: 0, end: 2, context: { before: '', match: '光合', after: '' } };
  it('says the count, the current place and the progress', () => {
    expect(findStatusText({ ...base, matches: [match, match], current: 1 })).toEqual({
      count: '共 2 处',
      progress: null,
      announce: '共 2 处，第 2 处在第 3 页',
    });
    expect(findStatusText(base).count).toBe('未找到“光合”');
    expect(findStatusText({ ...base, status: 'loading', loaded: 8, total: 20, matches: [match] })).toEqual({
      count: '共 1 处',
      progress: '已检索 8/20 页',
      announce: '',
    });
    expect(findStatusText({ ...base, matches: [match], truncated: true }).count).toBe('共 1 处以上，只列出前 1 处');
    expect(findStatusText({ ...base, status: 'noText' }).count).toBe(NO_TEXT_MESSAGE);
    expect(findStatusText({ ...base, query: '' }).announce).toBe('');
  });
});

describe('useBookSearch', () => {
  it('reads no page until the search is opened, then every page once', async () => {
    const { doc, getPage } = fakeDoc(BOOK);
    const { result, rerender } = render(doc, false, '');
    await act(async () => {});
    expect(getPage).not.toHaveBeenCalled();
    expect(result.current.status).toBe('idle');

    rerender({ doc, enabled: true, input: '' });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.loaded).toBe(3);
    expect(getPage.mock.calls.map((c) => c[0])).toEqual([1, 2, 3]);

    // Closed and opened again: the text is kept.
    rerender({ doc, enabled: false, input: '' });
    rerender({ doc, enabled: true, input: '' });
    await act(async () => {});
    expect(getPage).toHaveBeenCalledTimes(3);
    expect(result.current.status).toBe('ready');
  });

  it('searches the input after the debounce, across line breaks, and steps through the matches', async () => {
    const { doc } = fakeDoc(BOOK);
    const { result, rerender } = render(doc, true, '');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ doc, enabled: true, input: ' 光合作用 ' });
    expect(result.current.query).toBe('');
    await waitFor(() => expect(result.current.query).toBe('光合作用'));
    expect(result.current.matches.map((m) => m.page)).toEqual([1, 3, 3]);
    expect(result.current.matches[0]!.context).toEqual({
      before: '第一章 ',
      match: '光合作用',
      after: '绿色植物利用光能',
    });
    expect(result.current.current).toBe(-1);

    let m: ReturnType<BookSearch['step']> = null;
    act(() => void (m = result.current.step(1, 2)));
    expect(m).toMatchObject({ page: 3 });
    expect(result.current.current).toBe(1);
    act(() => void result.current.step(1, 2));
    act(() => void result.current.step(1, 2));
    expect(result.current.current).toBe(0);
    act(() => void result.current.step(-1, 2));
    expect(result.current.current).toBe(2);
    act(() => void result.current.select(1));
    expect(result.current.current).toBe(1);
    expect(result.current.select(9)).toBeNull();

    // A new query starts with no current match; clear forgets it at once.
    rerender({ doc, enabled: true, input: '氧气' });
    await waitFor(() => expect(result.current.query).toBe('氧气'));
    expect(result.current.current).toBe(-1);
    expect(result.current.matches).toHaveLength(1);
    rerender({ doc, enabled: true, input: '' });
    act(() => result.current.clear());
    expect(result.current.query).toBe('');
    expect(result.current.matches).toEqual([]);
  });

  it('searches the input at once when stepping before the debounce (Enter)', async () => {
    const { doc } = fakeDoc(BOOK);
    const { result, rerender } = render(doc, true, '');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ doc, enabled: true, input: '有机物' });
    let m: ReturnType<BookSearch['step']> = null;
    act(() => void (m = result.current.step(1, 1)));
    expect(m).toMatchObject({ page: 3 });
    expect(result.current.query).toBe('有机物');
    expect(result.current.current).toBe(0);
  });

  it('answers the matches of the pages read so far while the others load', async () => {
    const pages = Array.from({ length: 10 }, (_, i) => [`第 ${i + 1} 页 光合作用`]);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { doc } = fakeDoc(pages, (p) => (p === 9 ? held : undefined));
    const { result } = render(doc, true, '光合作用');
    await waitFor(() => expect(result.current.loaded).toBe(8));
    await waitFor(() => expect(result.current.query).toBe('光合作用'));
    expect(result.current.status).toBe('loading');
    expect(result.current.total).toBe(10);
    expect(result.current.matches).toHaveLength(8);
    expect(findStatusText(result.current).progress).toBe('已检索 8/10 页');
    release();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.matches).toHaveLength(10);
  });

  it('says noText for a book whose pages have no text, and counts a failed page as blank', async () => {
    const scanned = fakeDoc([[], [' '], []]);
    const { result } = render(scanned.doc, true, '光');
    await waitFor(() => expect(result.current.status).toBe('noText'));

    const failing = fakeDoc([['光合作用'], ['光合作用']]);
    failing.getPage.mockRejectedValueOnce(new Error('worker gone'));
    const second = render(failing.doc, true, '光合');
    await waitFor(() => expect(second.result.current.status).toBe('ready'));
    await waitFor(() => expect(second.result.current.query).toBe('光合'));
    expect(second.result.current.matches.map((m) => m.page)).toEqual([2]);
  });

  it('starts over for another document', async () => {
    const first = fakeDoc(BOOK);
    const second = fakeDoc([['氧气']]);
    const { result, rerender } = render(first.doc, true, '氧气');
    await waitFor(() => expect(result.current.matches.map((m) => m.page)).toEqual([3]));
    rerender({ doc: second.doc, enabled: true, input: '氧气' });
    await waitFor(() => expect(result.current.matches.map((m) => m.page)).toEqual([1]));
    expect(result.current.total).toBe(1);
    expect(second.getPage).toHaveBeenCalledTimes(1);
  });
});
