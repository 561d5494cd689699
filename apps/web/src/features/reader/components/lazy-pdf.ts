/**
 * The readers' access to pdf.js (`pdf-document.tsx`, a chunk of its own): `lazy` components that
 * render inside `Suspense`, and a hook that requests the chunk and pdf.js's worker once the reader has
 * painted, so its header and toolbar never wait for pdf.js (docs/decisions/013-first-paint.md, the
 * reader's amendments).
 */
import { useEffect, useState } from 'react';
import { chunk, lazyFrom } from '@/lib/lazy';
import pdfWorkerUrl from '../lib/pdf-worker?worker&url';

const pdfDocument = chunk(() => import('./pdf-document'));

/** The pdf.js chunk, requested once however many readers and components ask. */
export const loadPdfDocument = () => pdfDocument.load();

// Once the chunk has arrived these render at once instead of suspending: a plain `lazy` would show its
// fallback first and React would then hold the page back for its 300 ms fallback throttle (lib/lazy.ts).
/** react-pdf's Document with the project's options (renders inside `Suspense`). */
export const LazyDocument = lazyFrom(pdfDocument, (m) => m.BookDocument);
/** react-pdf's Page (inside a LazyDocument, and its own `Suspense`). */
export const LazyPage = lazyFrom(pdfDocument, (m) => m.BookPage);
/** react-pdf's Outline (inside a LazyDocument, and its own `Suspense`). */
export const LazyOutline = lazyFrom(pdfDocument, (m) => m.BookOutline);

// pdf.js's worker (1 MB, about 290 kB compressed; lib/pdf-worker.ts) is named here as well as in
// lib/pdfjs.ts, so that the route's chunk can fetch it without importing pdf.js. Its URL is a module
// of a few bytes that Vite preloads beside the route's chunk, in parallel, not after it.
let workerRequested = false;

/**
 * Puts pdf.js's worker into the HTTP cache (assets are cached as immutable) while pdf.js itself
 * downloads. pdf.js starts the worker only once its chunk has arrived and run and a document opens,
 * and the file's first bytes wait for the worker: fetched then, the worker's 290 kB would follow the
 * chunk's 140 kB instead of sharing the time with them.
 */
function prefetchPdfWorker(): void {
  if (workerRequested) return;
  workerRequested = true;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = pdfWorkerUrl;
  document.head.append(link);
}

/**
 * Requests the pdf.js chunk and its worker in the frame after the reader's first render: they then load
 * alongside the read grant instead of ahead of the header's paint. Returns whether the chunk has
 * settled, so that a reader can show its own loading state until then and render the lazy components
 * without suspending. A failed load also counts as settled: the lazy components ask again and show
 * the reader's error.
 */
export function usePdfChunkAfterPaint(): boolean {
  const [settled, setSettled] = useState(() => pdfDocument.loaded() !== undefined);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => live && setSettled(true);
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        loadPdfDocument().then(done, done);
        prefetchPdfWorker();
      }, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return settled;
}
