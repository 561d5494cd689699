/**
 * The readers' access to pdf.js (`pdf-document.tsx`, a chunk of its own): `lazy` components that
 * render inside `Suspense`, and a hook that requests the chunk once the reader has painted, so its
 * header and toolbar never wait for pdf.js (docs/decisions/013-first-paint.md, the reader's amendment).
 */
import { lazy, useEffect } from 'react';

let pdfDocument: Promise<typeof import('./pdf-document')> | undefined;

/** The pdf.js chunk, requested once however many readers and components ask. */
export const loadPdfDocument = () => (pdfDocument ??= import('./pdf-document'));

/** react-pdf's Document with the project's options (renders inside `Suspense`). */
export const LazyDocument = lazy(() => loadPdfDocument().then((m) => ({ default: m.BookDocument })));
/** react-pdf's Page (inside a LazyDocument, and its own `Suspense`). */
export const LazyPage = lazy(() => loadPdfDocument().then((m) => ({ default: m.BookPage })));
/** react-pdf's Outline (inside a LazyDocument, and its own `Suspense`). */
export const LazyOutline = lazy(() => loadPdfDocument().then((m) => ({ default: m.BookOutline })));

/**
 * Requests the pdf.js chunk in the frame after the reader's first render: it then loads alongside the
 * read grant instead of ahead of the header's paint. A failed load is left to the lazy components,
 * which ask again and show the reader's error.
 */
export function usePdfChunkAfterPaint(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void loadPdfDocument().catch(() => undefined), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
}
