/**
 * The way between a rendered pdf.js text layer and a page's text (`page-text.ts`): which span shows
 * which text item, a DOM selection as a page-text range, and a page-text range as boxes to paint.
 *
 * pdf.js's `TextLayer` appends one `span[role=presentation]` per text item whose `str` is not empty,
 * in item order (markers open `span.markedContent` containers; line ends add `br`s), and sets the
 * span's text to the item's `str`; the items here are `page.getTextContent().items`, which lists the
 * same text items in the same order.
 */
import type { PageText, PageTextItem, TextRange } from './page-text';
import { itemSlices, textOffset } from './page-text';

/** The attribute naming a span's item index. */
const ITEM_ATTR = 'data-item';

/**
 * Tags the text layer's spans with their item index (`data-item`) and answers the span of each
 * item (undefined for items that have none: markers and empty strings). Spans beyond the items
 * (a layer of another page, still on screen) are left untagged.
 */
export function indexTextLayer(layer: Element, items: readonly PageTextItem[]): (HTMLElement | undefined)[] {
  const spans = Array.from(layer.querySelectorAll<HTMLElement>('span[role="presentation"]'));
  const byItem: (HTMLElement | undefined)[] = new Array<HTMLElement | undefined>(items.length);
  let k = 0;
  items.forEach((item, index) => {
    if (!item.str) return;
    const span = spans[k++];
    if (!span) return;
    span.setAttribute(ITEM_ATTR, String(index));
    byItem[index] = span;
  });
  return byItem;
}

/**
 * The page-text offset of a DOM caret (`node`, `offset`) in the text layer: inside an item's span,
 * its place in the item; elsewhere (between spans, on a line break), the start of the next span
 * (the text's end after the last). Null when the caret is outside `layer`.
 */
export function caretOffset(page: PageText, layer: Element, node: Node, offset: number): number | null {
  if (!layer.contains(node)) return null;
  const doc = layer.ownerDocument;
  const element = node instanceof Element ? node : node.parentElement;
  const span = element?.closest(`[${ITEM_ATTR}]`);
  if (span && layer.contains(span)) {
    const before = doc.createRange();
    before.setStart(span, 0);
    before.setEnd(node, offset);
    return textOffset(page, Number(span.getAttribute(ITEM_ATTR)), before.toString().length);
  }
  const caret = doc.createRange();
  caret.setStart(node, offset);
  for (const next of Array.from(layer.querySelectorAll(`[${ITEM_ATTR}]`))) {
    if (caret.comparePoint(next, 0) >= 0) return textOffset(page, Number(next.getAttribute(ITEM_ATTR)), 0);
  }
  return page.text.length;
}

/**
 * The page-text range a DOM range selects in the text layer, without the spaces at its ends; a
 * range reaching past the layer is cut at the layer's ends. Null when it selects no page text.
 */
export function selectedRange(page: PageText, layer: Element, range: Range): TextRange | null {
  if (range.collapsed || !range.intersectsNode(layer)) return null;
  const start = layer.contains(range.startContainer)
    ? caretOffset(page, layer, range.startContainer, range.startOffset)
    : 0;
  const end = layer.contains(range.endContainer)
    ? caretOffset(page, layer, range.endContainer, range.endOffset)
    : page.text.length;
  if (start === null || end === null) return null;
  let from = start;
  let to = end;
  while (from < to && page.text[from] === ' ') from++;
  while (to > from && page.text[to - 1] === ' ') to--;
  return from < to ? { start: from, end: to } : null;
}

/** A box in percent of the text layer's box (so it stays in place while the page is zoomed). */
export interface PercentBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The boxes covering the page-text range [start, end) in the text layer, from the client rects of
 * the spans' sliced text, in percent of the layer's box. Empty while the layer has no size.
 */
export function rangeBoxes(
  page: PageText,
  spans: readonly (HTMLElement | undefined)[],
  layer: Element,
  start: number,
  end: number,
): PercentBox[] {
  const box = layer.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0) return [];
  const boxes: PercentBox[] = [];
  const range = layer.ownerDocument.createRange();
  for (const slice of itemSlices(page, start, end)) {
    const text = spans[slice.item]?.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const length = (text as Text).length;
    range.setStart(text, Math.min(slice.start, length));
    range.setEnd(text, Math.min(slice.end, length));
    for (const r of Array.from(range.getClientRects())) {
      if (r.width <= 0 || r.height <= 0) continue;
      boxes.push({
        left: ((r.left - box.left) / box.width) * 100,
        top: ((r.top - box.top) / box.height) * 100,
        width: (r.width / box.width) * 100,
        height: (r.height / box.height) * 100,
      });
    }
  }
  return boxes;
}
