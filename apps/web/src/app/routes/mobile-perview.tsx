/**
 * `/mobile/perview?id=…`: the mobile file preview (bare route). Composes the resources feature with
 * the reader feature's pdf.js set-up, as `/ossPreview` does.
 */
import { useSearchParams } from 'react-router';
import { documentOptions } from '@/features/reader/lib/pdfjs';
import { MobilePreview } from '@/features/resources/components/mobile/mobile-preview';

export default function MobilePerviewRoute() {
  const [search] = useSearchParams();
  return <MobilePreview rawId={search.get('id')} pdfOptions={documentOptions} />;
}
