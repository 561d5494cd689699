/**
 * `/ossPreview?id=…`: file preview (bare route). Composes the resources feature with the reader
 * feature's pdf.js set-up (bundled character maps, fonts and worker), so PDF resources open with the
 * same engine as the online reader.
 */
import { useSearchParams } from 'react-router';
import { documentOptions } from '@/features/reader/lib/pdfjs';
import { DesktopPreview } from '@/features/resources/components/preview/desktop-preview';

export default function OssPreviewRoute() {
  const [search] = useSearchParams();
  return <DesktopPreview rawId={search.get('id')} pdfOptions={documentOptions} />;
}
