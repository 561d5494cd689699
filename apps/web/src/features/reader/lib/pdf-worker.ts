/**
 * pdf.js's worker, with one listener added before it runs.
 *
 * When a reader closes while pdf.js is still opening its book (a pupil leaves the page mid-load, or
 * a range is still arriving), pdf.js ends the document in the worker, and the worker's pending load
 * steps then reject with `Error('Worker was terminated')` from promise callbacks that have no catch
 * (pdfjs-dist 5.4, `WorkerMessageHandler`). The rejection means only that the document was closed,
 * but Chromium reports it as an uncaught error of the page. Only that rejection is silenced here;
 * every other error of the worker is reported as before.
 */
import 'pdfjs-dist/build/pdf.worker.min.mjs';

// The listener matters only once a document has been opened and closed, long after the module ran.
self.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
  const reason: unknown = event.reason;
  if (reason instanceof Error && reason.message === 'Worker was terminated') event.preventDefault();
});
