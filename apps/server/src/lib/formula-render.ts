/**
 * TeX formulas as real equations for the paper exports (paper-export.ts): Office Math (OMML) for
 * Word, through KaTeX's MathML and `mathml2omml`; SVG drawings for PDF, through MathJax. Both read
 * the TeX of the question data (KaTeX syntax, docs/api.md, Import formats). A formula either engine
 * cannot parse gives `null`, and the caller prints it as readable text instead.
 */
import katex from 'katex';
import { mml2omml } from 'mathml2omml';
import { liteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import { TeX } from 'mathjax-full/js/input/tex.js';
import { AllPackages } from 'mathjax-full/js/input/tex/AllPackages.js';
import { mathjax } from 'mathjax-full/js/mathjax.js';
import { SVG } from 'mathjax-full/js/output/svg.js';

/**
 * LaTeX text-mode commands the imported banks write inside formulas, as KaTeX macros (the web's
 * rich-text renderer defines the same ones).
 */
const MACROS: Record<string, string> = {
  '\\textbar': '|',
  '\\textless': '<',
  '\\textgreater': '>',
  '\\textasciitilde': '\\sim',
  '\\uline': '\\underline{#1}',
  '\\emph': '\\textit{#1}',
};

/** KaTeX options shared by the parse check and the MathML: untrusted, bounded, Chinese allowed. */
const KATEX_OPTIONS = {
  throwOnError: true,
  strict: 'ignore',
  trust: false,
  maxSize: 20,
  maxExpand: 500,
} as const;

/** A formula as an `<m:oMath>` element (OMML), or null when KaTeX cannot parse it. */
export function texToOmml(tex: string, display = false): string | null {
  let mathml: string;
  try {
    mathml = katex.renderToString(tex, {
      ...KATEX_OPTIONS,
      macros: { ...MACROS },
      output: 'mathml',
      displayMode: display,
    });
  } catch {
    return null;
  }
  // KaTeX wraps the <math> in a span and keeps the TeX source in an annotation; OMML has no place for either.
  const math = mathml
    .replace(/^<span class="katex(?:-display)?">(?:<span class="katex">)?/, '')
    .replace(/(<\/span>)+$/, '')
    .replace(/<annotation\b[\s\S]*?<\/annotation>/g, '')
    .replace(/<\/?semantics>/g, '')
    // mml2omml knows no <mpadded> (KaTeX's \stackrel, \overset …) and would write its children as text:
    // a plain row keeps them as mathematics.
    .replace(/<mpadded\b[^>]*>/g, '<mrow>')
    .replace(/<\/mpadded>/g, '</mrow>');
  try {
    const raw = mml2omml(math);
    // An element it cannot convert still ends up inside an `<m:t>` run: the plain text fallback then.
    if (/<m:t\b[^>]*>[^<]*<m:/.test(raw)) return null;
    // mml2omml writes the characters of `<m:t>` unescaped (`-2<m`): escaped here, or the XML breaks.
    const omml = raw.replace(
      /(<m:t\b[^>]*>)([\s\S]*?)(<\/m:t>)/g,
      (_, open: string, text: string, close: string) =>
        `${open}${text
          .replace(/&(?!(?:amp|lt|gt|quot|apos|#\d+);)/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')}${close}`,
    );
    return /^<m:oMath\b/.test(omml) ? omml : null;
  } catch {
    return null;
  }
}

/** A formula drawn as SVG; sizes in em of the surrounding text (`ascent` above the baseline). */
export interface FormulaSvg {
  svg: string;
  width: number;
  ascent: number;
  descent: number;
}

type MathDocument = ReturnType<typeof mathjax.document>;
let mathDocument: { doc: MathDocument; adaptor: ReturnType<typeof liteAdaptor> } | undefined;

function mathJax() {
  if (!mathDocument) {
    const adaptor = liteAdaptor();
    RegisterHTMLHandler(adaptor);
    // Untrusted like the web's KaTeX: no package that loads files at run time (require, autoload), adds
    // links or markup (html: \href, \class, \style), nor proof trees.
    const packages = AllPackages.filter((p: string) => !['bussproofs', 'require', 'autoload', 'html'].includes(p));
    const tex = new TeX({
      packages,
      macros: { textbar: '|', textless: '<', textgreater: '>', textasciitilde: '\\sim', uline: ['\\underline{#1}', 1] },
      // An error must not be drawn as red text in a pupil's paper: the caller prints the text instead.
      formatError: (_jax: unknown, err: Error) => {
        throw err;
      },
    });
    const doc = mathjax.document('', { InputJax: tex, OutputJax: new SVG({ fontCache: 'none' }) });
    mathDocument = { doc, adaptor };
  }
  return mathDocument;
}

/** A formula as SVG with its size (MathJax draws in thousandths of an em), or null on a TeX error. */
export function texToSvg(tex: string, display = false): FormulaSvg | null {
  const { doc, adaptor } = mathJax();
  let svg: string;
  try {
    svg = adaptor.innerHTML(doc.convert(tex, { display }) as never);
  } catch {
    return null;
  }
  // Table rules and frames are styled by MathJax's CSS, which an SVG drawn outside a page lacks.
  svg = svg.replace(/<(line|rect)(?= data-(?:line|frame))/g, '<$1 stroke-width="70" fill="none"');
  const box = /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box || /data-mjx-error|<g data-mml-node="merror"/.test(svg)) return null;
  const top = Number(box[2]);
  const height = Number(box[4]);
  return { svg, width: Number(box[3]) / 1000, ascent: -top / 1000, descent: (height + top) / 1000 };
}
