/**
 * pdf.js's document and page components with the project's set-up (worker, character maps,
 * standard fonts: lib/pdfjs.ts) and the text layer's stylesheet, in a chunk of their own: a reader
 * loads it with `lazy` while it already shows its header and toolbar, so the book's title is on screen
 * before pdf.js (about 150 kB gzip) has arrived and been compiled (docs/decisions/013-first-paint.md).
 */
import type { ComponentProps } from 'react';
import { Document, Outline, Page } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import { documentOptions } from '../lib/pdfjs';

/** react-pdf's Document with the project's pdf.js options. */
export function BookDocument(props: Omit<ComponentProps<typeof Document>, 'options'>) {
  return <Document {...props} options={documentOptions} />;
}

export { Outline as BookOutline, Page as BookPage };
