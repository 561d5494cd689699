import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnchor, resolveAnchor } from './anchor';
import { buildPageText, type PageTextItem } from './page-text';
import { caretOffset, indexTextLayer, rangeBoxes, selectedRange } from './text-layer';

const t = (str: string, hasEOL = false): PageTextItem => ({ str, hasEOL });

/** A text layer as pdf.js draws it: a span per non-empty item, markers as containers, `br` at line ends. */
function fakeLayer(items: readonly PageTextItem[]): HTMLDivElement {
  const layer = document.createElement('div');
  let container: HTMLElement = layer;
  for (const item of items) {
    if (item.str === undefined) {
      if (item.type === 'beginMarkedContent') {
        const span = document.createElement('span');
        span.className = 'markedContent';
        container.append(span);
        container = span;
      } else container = container.parentElement!;
      continue;
    }
    if (item.str) {
      const span = document.createElement('span');
      span.setAttribute('role', 'presentation');
      span.textContent = item.str;
      container.append(span);
    }
    if (item.hasEOL) {
      const br = document.createElement('br');
      br.setAttribute('role', 'presentation');
      container.append(br);
    }
  }
  const end = document.createElement('div');
  end.className = 'endOfContent';
  layer.append(end);
  document.body.append(layer);
  return layer;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  delete (Range.prototype as Partial<Range>).getClientRects;
});

const ITEMS: PageTextItem[] = [
  t('第一章 函数', true),
  t('', true),
  t('光合作用是绿色植物', true),
  t('利用光能的过程。'),
  t(' 其他'),
];

describe('indexTextLayer', () => {
  it('tags one span per non-empty item, skipping empty items', () => {
    const layer = fakeLayer(ITEMS);
    const spans = indexTextLayer(layer, ITEMS);
    expect(spans.map((s) => s?.textContent)).toEqual([
      '第一章 函数',
      undefined,
      '光合作用是绿色植物',
      '利用光能的过程。',
      ' 其他',
    ]);
    expect(spans[2]!.getAttribute('data-item')).toBe('2');
  });

  it('maps spans inside marked-content containers', () => {
    const items: PageTextItem[] = [{ type: 'beginMarkedContent' }, t('甲乙'), { type: 'endMarkedContent' }, t('丙')];
    const layer = fakeLayer([{ type: 'beginMarkedContent' }, t('甲乙'), { type: 'endMarkedContent' }, t('丙')]);
    const spans = indexTextLayer(layer, items);
    expect(spans[1]!.textContent).toBe('甲乙');
    expect(spans[3]!.textContent).toBe('丙');
  });
});

describe('selection → page range → anchor', () => {
  it('turns a selection across two spans into the page range and an anchor that resolves back', () => {
    const page = buildPageText(ITEMS);
    expect(page.text).toBe('第一章 函数光合作用是绿色植物利用光能的过程。 其他');
    const layer = fakeLayer(ITEMS);
    const spans = indexTextLayer(layer, ITEMS);
    const range = document.createRange();
    range.setStart(spans[2]!.firstChild!, 5); // 绿
    range.setEnd(spans[3]!.firstChild!, 4); // after 光能
    const selected = selectedRange(page, layer, range)!;
    expect(page.text.slice(selected.start, selected.end)).toBe('绿色植物利用光能');
    const anchor = createAnchor(page.text, selected.start, selected.end, 3);
    expect(anchor.quote).toBe('绿色植物利用光能');
    expect(resolveAnchor(page.text, anchor)).toEqual(selected);
  });

  it('maps a caret between spans to the next span and trims spaces at the ends', () => {
    const page = buildPageText(ITEMS);
    const layer = fakeLayer(ITEMS);
    indexTextLayer(layer, ITEMS);
    // Before the third child of the layer (the first br), i.e. after 第一章 函数.
    expect(caretOffset(page, layer, layer, 1)).toBe(page.text.indexOf('光合'));
    const range = document.createRange();
    range.setStart(layer, 0);
    range.setEnd(layer, layer.childNodes.length);
    const all = selectedRange(page, layer, range)!;
    expect(page.text.slice(all.start, all.end)).toBe(page.text);
  });

  it('cuts a selection that starts before the layer at its start, and ignores one outside it', () => {
    const page = buildPageText(ITEMS);
    const before = document.createElement('p');
    before.textContent = '工具栏';
    document.body.append(before);
    const layer = fakeLayer(ITEMS);
    const spans = indexTextLayer(layer, ITEMS);
    const range = document.createRange();
    range.setStart(before.firstChild!, 1);
    range.setEnd(spans[0]!.firstChild!, 3);
    expect(selectedRange(page, layer, range)).toEqual({ start: 0, end: 3 });
    const outside = document.createRange();
    outside.selectNodeContents(before);
    expect(selectedRange(page, layer, outside)).toBeNull();
    expect(caretOffset(page, layer, before.firstChild!, 0)).toBeNull();
  });

  it('selects nothing from a collapsed range or one of spaces only', () => {
    const items = [t('甲 '), t(' 乙')];
    const page = buildPageText(items);
    const layer = fakeLayer(items);
    const spans = indexTextLayer(layer, items);
    const range = document.createRange();
    range.setStart(spans[0]!.firstChild!, 1);
    range.setEnd(spans[0]!.firstChild!, 2);
    expect(selectedRange(page, layer, range)).toBeNull();
    range.collapse(true);
    expect(selectedRange(page, layer, range)).toBeNull();
  });
});

describe('rangeBoxes', () => {
  it('gives the sliced text client rects in percent of the layer', () => {
    const page = buildPageText(ITEMS);
    const layer = fakeLayer(ITEMS);
    const spans = indexTextLayer(layer, ITEMS);
    vi.spyOn(layer, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 50, 400, 200));
    const texts: string[] = [];
    // jsdom has no layout: the ranges' rects are the browser's part.
    Object.defineProperty(Range.prototype, 'getClientRects', {
      configurable: true,
      value(this: Range) {
        texts.push(this.toString());
        return [new DOMRect(140, 70, 80, 20)];
      },
    });
    const start = page.text.indexOf('植物');
    const boxes = rangeBoxes(page, spans, layer, start, start + 4);
    expect(texts).toEqual(['植物', '利用']);
    expect(boxes[0]).toEqual({ left: 10, top: 10, width: 20, height: 10 });
    expect(boxes).toHaveLength(2);
  });

  it('is empty while the layer has no size', () => {
    const page = buildPageText(ITEMS);
    const layer = fakeLayer(ITEMS);
    const spans = indexTextLayer(layer, ITEMS);
    expect(rangeBoxes(page, spans, layer, 0, 3)).toEqual([]);
  });
});
