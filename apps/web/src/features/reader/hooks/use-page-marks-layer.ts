/**
 * The marks on the page on screen: the page's text and text layer (from react-pdf's Page callbacks),
 * the boxes of its highlighted and annotated passages, and the reader's text selection on it as a
 * page-text range. Used by both readers; the pdf.js text layer is react-pdf's own, so this adds no
 * rendering cost to the page.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReaderMark } from '@eav/contract';
import { resolveAnchor } from '../lib/anchor';
import { buildPageText, type PageText, type PageTextItem, type TextRange } from '../lib/page-text';
import { indexTextLayer, rangeBoxes, selectedRange, type PercentBox } from '../lib/text-layer';

/** Wait after the selection last changed before offering the selection toolbar. */
const SELECTION_SETTLE_MS = 250;

/** A passage selected on the page, and the box of its last line (where the toolbar goes). */
export interface PageSelection {
  page: number;
  range: TextRange;
  text: PageText;
  box: PercentBox;
}

/** A search match on the page (查找), the current one drawn stronger. */
export interface FoundRange extends TextRange {
  current: boolean;
}

/** A search match's boxes on the page. */
export interface PaintedFind {
  current: boolean;
  boxes: PercentBox[];
}

/** A painted mark: its boxes, or none when its passage is no longer on the page (orphaned). */
export interface PaintedMark {
  mark: ReaderMark;
  boxes: PercentBox[];
}

export interface PageMarksLayer {
  /** Spread on the page's `LazyPage`. */
  pageProps: {
    onGetTextSuccess(content: { items: readonly PageTextItem[] }): void;
    onRenderTextLayerSuccess(): void;
  };
  /** The page's text, once pdf.js has extracted it. */
  text: PageText | null;
  /** The page's anchored marks with their boxes (empty boxes: not found on the page). */
  painted: PaintedMark[];
  /** The boxes of the page's search matches (`found`), in their order. */
  found: PaintedFind[];
  /** The current selection on this page (null when none). */
  selection: PageSelection | null;
  /** Forgets the selection and clears the browser's. */
  clearSelection(): void;
}

const TEXT_LAYER = '.react-pdf__Page__textContent';
const NO_FOUND: readonly FoundRange[] = [];

/**
 * @param sheet the element holding the page (its text layer is found inside)
 * @param page the page on screen
 * @param marks the book's marks (a stable list: the cached one)
 * @param selectable whether selections are offered (logged-in readers)
 * @param found the page's search matches to draw (a stable list; page-text ranges of the page on screen)
 */
export function usePageMarksLayer(
  sheet: HTMLElement | null,
  page: number | null,
  marks: readonly ReaderMark[],
  selectable: boolean,
  found: readonly FoundRange[] = NO_FOUND,
): PageMarksLayer {
  const [content, setContent] = useState<{ page: number | null; items: readonly PageTextItem[] } | null>(null);
  const [layerVersion, setLayerVersion] = useState(0);
  const [selection, setSelection] = useState<PageSelection | null>(null);
  const [painted, setPainted] = useState<PaintedMark[]>([]);
  const [foundBoxes, setFoundBoxes] = useState<PaintedFind[]>([]);
  const spans = useRef<(HTMLElement | undefined)[]>([]);

  const text = useMemo(() => (content && content.page === page ? buildPageText(content.items) : null), [content, page]);
  const pageRef = useRef(page);
  pageRef.current = page;

  const pageProps = useMemo(
    () => ({
      onGetTextSuccess: (c: { items: readonly PageTextItem[] }) =>
        setContent({ page: pageRef.current, items: c.items }),
      onRenderTextLayerSuccess: () => setLayerVersion((v) => v + 1),
    }),
    [],
  );

  const anchored = useMemo(() => marks.filter((m) => m.page === page && m.anchor), [marks, page]);
  const layer = useCallback(() => sheet?.querySelector(TEXT_LAYER) ?? null, [sheet]);

  // Tag the spans of each newly drawn layer, then measure the marks' passages on it.
  useLayoutEffect(() => {
    const el = layer();
    if (!el || !text || !content) {
      setPainted((p) => (p.length ? [] : p));
      return;
    }
    spans.current = indexTextLayer(el, content.items);
    setPainted(
      anchored.map((mark) => {
        const range = resolveAnchor(text.text, mark.anchor!);
        return { mark, boxes: range ? rangeBoxes(text, spans.current, el, range.start, range.end) : [] };
      }),
    );
  }, [layer, text, content, anchored, layerVersion]);

  // The search matches, measured on the spans tagged above (this effect runs after that one).
  useLayoutEffect(() => {
    const el = layer();
    if (!el || !text || !content || !found.length) {
      setFoundBoxes((f) => (f.length ? [] : f));
      return;
    }
    setFoundBoxes(
      found.map((r) => ({ current: r.current, boxes: rangeBoxes(text, spans.current, el, r.start, r.end) })),
    );
  }, [layer, text, content, found, layerVersion]);

  // A new page or zoom starts without a selection.
  useEffect(() => setSelection(null), [page, layerVersion]);

  useEffect(() => {
    if (!selectable) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pointerDown = false;
    const check = () => {
      const el = layer();
      const sel = document.getSelection();
      const current = pageRef.current;
      if (!el || !text || current === null || !sel || sel.rangeCount === 0 || sel.isCollapsed) {
        setSelection(null);
        return;
      }
      const domRange = sel.getRangeAt(0);
      const range = selectedRange(text, el, domRange);
      const rects = range ? Array.from(domRange.getClientRects()).filter((r) => r.width > 0 && r.height > 0) : [];
      const last = rects.at(-1);
      const frame = el.getBoundingClientRect();
      if (!range || !last || frame.width <= 0 || frame.height <= 0) {
        setSelection(null);
        return;
      }
      setSelection({
        page: current,
        range,
        text,
        box: {
          left: ((last.left - frame.left) / frame.width) * 100,
          top: ((last.top - frame.top) / frame.height) * 100,
          width: (last.width / frame.width) * 100,
          height: (last.height / frame.height) * 100,
        },
      });
    };
    const schedule = () => {
      clearTimeout(timer);
      if (!pointerDown) timer = setTimeout(check, SELECTION_SETTLE_MS);
    };
    const down = (e: PointerEvent) => {
      // A mouse drag is measured when it ends; touch selections (long press, handles) as they settle.
      if (e.pointerType === 'mouse') pointerDown = true;
    };
    const up = () => {
      if (!pointerDown) return;
      pointerDown = false;
      schedule();
    };
    document.addEventListener('selectionchange', schedule);
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', schedule);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
    };
  }, [selectable, layer, text]);

  const clearSelection = useCallback(() => {
    document.getSelection()?.removeAllRanges();
    setSelection(null);
  }, []);

  return { pageProps, text, painted, found: foundBoxes, selection, clearSelection };
}
