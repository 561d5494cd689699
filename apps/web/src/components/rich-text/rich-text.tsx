/**
 * Shows a Markdown + TeX text (see render.ts). A module of its own with a default export so pages
 * load it lazily: KaTeX and markdown-it stay out of the first load (see lazy.tsx). No antd and no
 * antd-mobile here: desktop and H5 pages both use it.
 */
import 'katex/dist/katex.min.css';
import './rich-text.css';
import { useMemo } from 'react';
import { renderRichText } from './render';

export interface RichTextProps {
  /** Markdown with TeX between `$…$` / `$$…$$`; raw HTML in it is shown as text. */
  source: string;
  /** Render without paragraphs, inside a `span` (answer options, short labels). */
  inline?: boolean;
  className?: string;
}

export default function RichText({ source, inline = false, className }: RichTextProps) {
  const html = useMemo(() => renderRichText(source, inline), [source, inline]);
  const classes = ['eav-rich-text', className].filter(Boolean).join(' ');
  // The HTML comes from markdown-it with raw HTML disabled and links limited (render.ts).
  return inline ? (
    <span className={classes} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
