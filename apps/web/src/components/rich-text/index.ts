/**
 * The Markdown + TeX renderer. Pages import `LazyRichText` from here (KaTeX and markdown-it load on
 * first use); code that already runs lazily may import `./rich-text` (component) or `./render`
 * (HTML string) directly. Nothing here imports KaTeX statically.
 */
export { LazyRichText } from './lazy';
export type { RichTextProps } from './lazy';
