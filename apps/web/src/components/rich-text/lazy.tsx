/**
 * `RichText` loaded on first use. While KaTeX loads, the source shows as plain text, so the page
 * never jumps from empty to full.
 */
import { lazy, Suspense } from 'react';
import type { RichTextProps } from './rich-text';

const RichTextModule = lazy(() => import('./rich-text'));

export function LazyRichText(props: RichTextProps) {
  const Tag = props.inline ? 'span' : 'div';
  return (
    <Suspense
      fallback={
        <Tag className={props.className} style={{ whiteSpace: 'pre-wrap' }}>
          {props.source}
        </Tag>
      }
    >
      <RichTextModule {...props} />
    </Suspense>
  );
}

export type { RichTextProps };
