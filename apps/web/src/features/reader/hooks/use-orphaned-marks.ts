/**
 * Which of the book's anchored marks are orphaned: their passage is no longer in their page's text
 * (a replaced book file, another text extraction; lib/anchor.ts). Each page's text is extracted once
 * per open document and only while `enabled` (the marks panel is open), so reading costs nothing.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReaderMark } from '@eav/contract';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { resolveAnchor } from '../lib/anchor';
import { buildPageText } from '../lib/page-text';

const NONE: ReadonlySet<string> = new Set();

/** The ids of the orphaned marks among `marks` (empty until known). */
export function useOrphanedMarks(
  pdf: PDFDocumentProxy | null,
  marks: readonly ReaderMark[],
  enabled: boolean,
): ReadonlySet<string> {
  const texts = useRef(new Map<number, Promise<string | null>>());
  const [orphans, setOrphans] = useState(NONE);
  useEffect(() => {
    texts.current = new Map();
  }, [pdf]);
  useEffect(() => {
    if (!pdf || !enabled) return;
    let live = true;
    const pageText = (page: number) => {
      let text = texts.current.get(page);
      if (!text) {
        text = pdf
          .getPage(page)
          .then((p) => p.getTextContent())
          .then((c) => buildPageText(c.items).text)
          .catch(() => null);
        texts.current.set(page, text);
      }
      return text;
    };
    void Promise.all(
      marks
        .filter((m) => m.anchor)
        .map(async (m) => {
          const text = await pageText(m.page);
          return text !== null && resolveAnchor(text, m.anchor!) === null ? m.id : null;
        }),
    ).then((ids) => {
      if (live) setOrphans(new Set(ids.filter((id): id is string => id !== null)));
    });
    return () => {
      live = false;
    };
  }, [pdf, marks, enabled]);
  return orphans;
}
