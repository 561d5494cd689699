/**
 * A PDF resource in the page with react-pdf (pdf.js): pages one below the other at the width of the
 * view, rendered as they scroll near, with a text layer for selection and screen readers. The caller
 * passes the reader's pdf.js options (bundled character maps and fonts; the preview routes compose
 * them from the reader feature).
 */
import { useEffect, useRef, useState } from 'react';
import { Document, Page } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';

export interface PdfViewProps {
  url: string;
  /** pdf.js options of `<Document options>` (a stable object). */
  options: object;
  /** Page width in CSS pixels. */
  width: number;
  pageClassName?: string;
  className?: string;
  onError?(): void;
}

/** A page placeholder that renders the page once it comes within a screen of the view. */
function LazyPage({ pageNumber, width, className }: { pageNumber: number; width: number; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(pageNumber <= 2);
  useEffect(() => {
    if (visible || !ref.current || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), {
      rootMargin: '100% 0px',
    });
    io.observe(ref.current);
    return () => io.disconnect();
  }, [visible]);
  return (
    <div
      ref={ref}
      className={className}
      style={{ minHeight: visible ? undefined : width * 1.414 }}
      role="group"
      aria-label={`第 ${pageNumber} 页`}
    >
      {visible && <Page pageNumber={pageNumber} width={width} renderAnnotationLayer={false} />}
    </div>
  );
}

export function PdfView({ url, options, width, pageClassName, className, onError }: PdfViewProps) {
  const [numPages, setNumPages] = useState(0);
  return (
    <Document
      file={url}
      options={options}
      className={className}
      onLoadSuccess={(doc) => setNumPages(doc.numPages)}
      onLoadError={() => onError?.()}
      loading={<p aria-live="polite">正在打开 PDF…</p>}
      error={<p role="alert">文件流异常，PDF 无法打开，请下载后查看。</p>}
    >
      {Array.from({ length: numPages }, (_, i) => (
        <LazyPage key={i + 1} pageNumber={i + 1} width={width} className={pageClassName} />
      ))}
    </Document>
  );
}
