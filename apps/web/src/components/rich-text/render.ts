/**
 * Markdown + TeX to HTML for every text field the portal shows from its data (question stems,
 * options, answers, 解析, help articles, activity rules): docs/api.md says these fields are Markdown
 * with TeX between `$…$` / `$$…$$`, never raw HTML.
 *
 * Safety comes from the parser, not from cleaning its output: raw HTML in the source is escaped
 * (`html: false`), links and images are kept only when they point at https or at a path of the portal
 * itself, and KaTeX runs untrusted (`trust: false`: no \href, \url or \htmlClass). KaTeX keeps its
 * MathML beside the visual HTML so screen readers read the formulas.
 */
import markdownItKatexModule from '@vscode/markdown-it-katex';
import katex from 'katex';
import MarkdownIt from 'markdown-it';

/**
 * LaTeX text-mode commands that imported question banks write into their Markdown (TAL-SCQ5K:
 * `\textless`, `\uline{~~~}` blanks, `\emph{…}`, `\hfill\break`). Inside formulas KaTeX gets them
 * as macros; outside formulas they are rewritten to what Markdown shows, so the text stays readable.
 */
const KATEX_MACROS: Record<string, string> = {
  '\\textbar': '|',
  '\\textless': '<',
  '\\textgreater': '>',
  '\\textasciitilde': '\\sim',
  '\\uline': '\\underline{#1}',
  '\\emph': '\\textit{#1}',
};

/** A blank to fill in (`\uline{~~~~}`), as Markdown-escaped underscores. */
const BLANK = '\\_'.repeat(6);

function normaliseText(text: string): string {
  return text
    .replace(/\\uline\{([^{}]*)\}/g, (_, inner: string) => (/^[\s~]*$/.test(inner) ? BLANK : inner))
    .replace(/\\emph\{([^{}]*)\}/g, (_, inner: string) => (inner.trim() ? `*${inner.trim()}*` : ''))
    .replace(/\\hfill(?![a-zA-Z])/g, '')
    .replace(/\\(break|newline)(?![a-zA-Z])/g, '\n')
    .replace(/\\textbar(?![a-zA-Z])/g, '|')
    .replace(/\\textless(?![a-zA-Z])/g, '<')
    .replace(/\\textgreater(?![a-zA-Z])/g, '>')
    .replace(/\\textasciitilde(?![a-zA-Z])/g, '～')
    .replace(/\\ /g, ' ');
}

/** Applies `normaliseText` to the parts of `source` outside `$…$` and `$$…$$`. */
export function normaliseTeXText(source: string): string {
  return source
    .split(/(\$\$[\s\S]*?\$\$|\$[^$]*\$)/)
    .map((part, i) => (i % 2 === 1 ? part : normaliseText(part)))
    .join('');
}

/** https anywhere, or a path of this site (`/…`, but not the protocol-relative `//…` or `/\…`). */
export function isAllowedUrl(url: string): boolean {
  const value = url.trim();
  if (/^https:\/\/[^/\\\s]/i.test(value)) return true;
  return /^\/(?![/\\])/.test(value);
}

// The plugin is CommonJS with `exports.default`: bundlers hand over the function, plain Node the module.
const markdownItKatex =
  (markdownItKatexModule as unknown as { default?: typeof markdownItKatexModule }).default ?? markdownItKatexModule;

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: true });
  // Imported texts indent lines with spaces for layout; they are never code listings.
  md.disable('code');
  md.validateLink = isAllowedUrl;
  md.use(markdownItKatex, {
    katex,
    throwOnError: false,
    // Chinese words inside formulas are common in the data; KaTeX renders them, so no warnings.
    strict: 'ignore',
    trust: false,
    output: 'htmlAndMathml',
    macros: KATEX_MACROS,
    maxSize: 20,
    maxExpand: 500,
  } as Parameters<typeof markdownItKatex>[1]);

  // `$$…$$` inside a line is a math_block token of the inline level (the only kind without a source
  // line map); rendered as the plugin does it would be a <p> nested in the line's <p>, which
  // browsers split apart.
  const mathBlock = md.renderer.rules.math_block;
  if (mathBlock)
    md.renderer.rules.math_block = (tokens, idx, options, env, self) => {
      const html = mathBlock(tokens, idx, options, env, self);
      if (tokens[idx]!.map) return html;
      return html.replace(/^<p class="katex-block/, '<span class="katex-block').replace(/<\/p>(\s*)$/, '</span>$1');
    };

  const defaultLinkOpen =
    md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const href = token.attrGet('href') ?? '';
    if (/^https:/i.test(href)) {
      token.attrSet('target', '_blank');
      token.attrSet('rel', 'noopener noreferrer');
    }
    return defaultLinkOpen(tokens, idx, options, env, self);
  };

  const defaultImage =
    md.renderer.rules.image ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    // Remote figures must not learn which page showed them; lazy so long papers load fast.
    token.attrSet('loading', 'lazy');
    token.attrSet('referrerpolicy', 'no-referrer');
    return defaultImage(tokens, idx, options, env, self);
  };
  return md;
}

let renderer: MarkdownIt | undefined;

/** HTML for a Markdown + TeX `source`; `inline` leaves out the paragraph (options, table cells). */
export function renderRichText(source: string, inline = false): string {
  renderer ??= createRenderer();
  const text = normaliseTeXText(source);
  return inline ? renderer.renderInline(text) : renderer.render(text);
}
