import type { ReaderMark } from '@eav/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageMarksLayer, type FoundRange } from './use-page-marks-layer';

const ITEMS: { str: string; hasEOL: boolean }[] = [
  { str: '第一章 函数', hasEOL: true },
  { str: '光合作用是绿色植物', hasEOL: true },
  { str: '利用光能的过程。', hasEOL: false },
];

/** A page sheet holding a text layer as react-pdf and pdf.js draw it. */
function sheetWithLayer(): HTMLDivElement {
  const sheet = document.createElement('div');
  const layer = document.createElement('div');
  layer.className = 'react-pdf__Page__textContent textLayer';
  for (const item of ITEMS) {
    const span = document.createElement('span');
    span.setAttribute('role', 'presentation');
    span.textContent = item.str;
    layer.append(span);
    if (item.hasEOL) layer.append(document.createElement('br'));
  }
  sheet.append(layer);
  document.body.append(sheet);
  vi.spyOn(layer, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 500, 800));
  return sheet;
}

const highlight = (quote: string, start: number): ReaderMark => ({
  id: `id-${quote}`,
  textbookId: 1,
  kind: 'highlight',
  page: 2,
  color: 'yellow',
  anchor: { quote, prefix: '', suffix: '', start, end: start + quote.length },
  note: null,
  createdAt: '2026-09-01T00:00:00.000Z',
  updatedAt: '2026-09-01T00:00:00.000Z',
  clientUpdatedAt: '2026-09-01T00:00:00.000Z',
  deletedAt: null,
});

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no layout: every range covers one 50 × 20 box.
  Object.defineProperty(Range.prototype, 'getClientRects', {
    configurable: true,
    value: () => [new DOMRect(50, 80, 50, 20)],
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (Range.prototype as Partial<Range>).getClientRects;
  document.body.innerHTML = '';
});

/** Renders the hook on page 2 and feeds it react-pdf's callbacks, as a drawn page does. */
function drawnPage(marks: ReaderMark[], selectable = true, found: FoundRange[] = []) {
  const sheet = sheetWithLayer();
  const hook = renderHook(() => usePageMarksLayer(sheet, 2, marks, selectable, found));
  act(() => {
    hook.result.current.pageProps.onGetTextSuccess({ items: ITEMS });
    hook.result.current.pageProps.onRenderTextLayerSuccess();
  });
  return { sheet, hook };
}

describe('usePageMarksLayer', () => {
  it('tags the spans and paints the found passages; a passage gone from the page gets no boxes', () => {
    const found = highlight('绿色植物', 11);
    const gone = highlight('叶绿素', 3);
    const { sheet, hook } = drawnPage([found, gone, { ...highlight('光能', 0), page: 3 }]);
    expect(sheet.querySelectorAll('[data-item]')).toHaveLength(3);
    expect(hook.result.current.text?.text).toBe('第一章 函数光合作用是绿色植物利用光能的过程。');
    const painted = hook.result.current.painted;
    expect(painted.map((p) => [p.mark.id, p.boxes.length])).toEqual([
      [found.id, 1],
      [gone.id, 0],
    ]);
    expect(painted[0]!.boxes[0]).toEqual({ left: 10, top: 10, width: 10, height: 2.5 });
  });

  it('measures the search matches of the page, the current one flagged', () => {
    const found: FoundRange[] = [
      { start: 6, end: 10, current: false },
      { start: 15, end: 19, current: true },
    ];
    const { hook } = drawnPage([], true, found);
    expect(hook.result.current.text?.text.slice(15, 19)).toBe('利用光能');
    expect(hook.result.current.found).toEqual([
      { current: false, boxes: [{ left: 10, top: 10, width: 10, height: 2.5 }] },
      { current: true, boxes: [{ left: 10, top: 10, width: 10, height: 2.5 }] },
    ]);
  });

  it('offers a settled selection on the page as a page-text range, and clears it', () => {
    const { sheet, hook } = drawnPage([]);
    const span = sheet.querySelector('[data-item="1"]')!;
    const range = document.createRange();
    range.setStart(span.firstChild!, 5);
    range.setEnd(span.firstChild!, 9);
    act(() => {
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
    });
    expect(hook.result.current.selection).toBeNull();
    act(() => void vi.advanceTimersByTime(300));
    const selection = hook.result.current.selection!;
    expect(selection.page).toBe(2);
    expect(selection.text.text.slice(selection.range.start, selection.range.end)).toBe('绿色植物');
    act(() => hook.result.current.clearSelection());
    expect(hook.result.current.selection).toBeNull();
    expect(document.getSelection()!.rangeCount).toBe(0);
  });

  it('offers nothing to a visitor', () => {
    const { sheet, hook } = drawnPage([], false);
    const range = document.createRange();
    range.selectNodeContents(sheet.querySelector('[data-item="1"]')!);
    act(() => {
      document.getSelection()!.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
      vi.advanceTimersByTime(300);
    });
    expect(hook.result.current.selection).toBeNull();
  });
});
