/**
 * Paper export as Word (DOCX, `docx`) and PDF (`pdfkit`): the 试卷 of the paper centre, composed papers
 * (组卷) and the generated 同步练习 sheets (docs/question-bank.md, Export).
 *
 * Question text is Markdown with TeX between `$…$` / `$$…$$` (docs/api.md, Import formats). Formulas
 * are real equations (formula-render.ts): Office Math in the DOCX, MathJax drawings in the PDF; a
 * formula neither engine parses prints as readable text (`texToPieces`: `\frac{a}{b}` → a/b, `x^{2}` →
 * x²). Images are left out with a note (图略). The PDF embeds a subset of Noto Sans SC (only the glyphs
 * used), also for the Chinese words inside formulas; the DOCX names the font and leaves the glyphs to
 * the reader's Word.
 */
import fs from 'node:fs';
import {
  AlignmentType,
  Document,
  Footer,
  ImportedXmlComponent,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { cjkFontFiles } from './cjk-font';
import { texToOmml, texToSvg } from './formula-render';
import { PLATFORM_NAME } from '@eav/contract';

export interface ExportOption {
  key: string;
  text: string;
}

export interface ExportQuestion {
  number: number;
  score?: number;
  /** Shared reading material (阅读材料) printed before the stem. */
  passage?: string;
  stem: string;
  options?: ExportOption[];
  answer?: string;
  analysis?: string;
}

export interface ExportSection {
  title: string;
  questions: ExportQuestion[];
}

export interface ExportPaper {
  title: string;
  subtitle?: string;
  sections: ExportSection[];
  /** Append 参考答案与解析 after the questions. */
  includeAnswers: boolean;
}

/** A piece of text with one style, or a formula (`tex`, with `text` its readable fallback). */
export interface TextPiece {
  text: string;
  bold?: boolean;
  script?: 'sup' | 'sub';
  tex?: string;
  display?: boolean;
}

/** The note that replaces an image. */
export const IMAGE_NOTE = '（图略）';
/** The font the DOCX exports name (the reader's Word supplies the glyphs). */
export const FONT_FAMILY = 'Noto Sans SC';

// ---------------------------------------------------------------------------------------------
// TeX → readable text

const SYMBOLS: Record<string, string> = {
  times: '×',
  div: '÷',
  cdot: '·',
  cdots: '⋯',
  ldots: '…',
  dots: '…',
  vdots: '⋮',
  ddots: '⋱',
  pm: '±',
  mp: '∓',
  le: '≤',
  leq: '≤',
  leqslant: '≤',
  ge: '≥',
  geq: '≥',
  geqslant: '≥',
  ne: '≠',
  neq: '≠',
  approx: '≈',
  equiv: '≡',
  sim: '∽',
  cong: '≌',
  propto: '∝',
  infty: '∞',
  angle: '∠',
  triangle: '△',
  parallel: '∥',
  perp: '⊥',
  in: '∈',
  notin: '∉',
  ni: '∋',
  subset: '⊂',
  subseteq: '⊆',
  subsetneqq: '⫋',
  supset: '⊃',
  supseteq: '⊇',
  cup: '∪',
  cap: '∩',
  emptyset: '∅',
  varnothing: '∅',
  forall: '∀',
  exists: '∃',
  neg: '¬',
  land: '∧',
  lor: '∨',
  wedge: '∧',
  vee: '∨',
  to: '→',
  rightarrow: '→',
  longrightarrow: '→',
  Rightarrow: '⇒',
  Longrightarrow: '⇒',
  leftarrow: '←',
  Leftarrow: '⇐',
  leftrightarrow: '↔',
  Leftrightarrow: '⇔',
  iff: '⇔',
  implies: '⇒',
  uparrow: '↑',
  downarrow: '↓',
  because: '∵',
  therefore: '∴',
  circ: '∘',
  degree: '°',
  prime: '′',
  sum: 'Σ',
  prod: 'Π',
  int: '∫',
  oint: '∮',
  partial: '∂',
  nabla: '∇',
  odot: '⊙',
  oplus: '⊕',
  otimes: '⊗',
  star: '☆',
  bigstar: '★',
  square: '□',
  Box: '□',
  blacksquare: '■',
  diamond: '◇',
  bullet: '•',
  mid: '|',
  lvert: '|',
  rvert: '|',
  vert: '|',
  Vert: '‖',
  lfloor: '⌊',
  rfloor: '⌋',
  lceil: '⌈',
  rceil: '⌉',
  langle: '〈',
  rangle: '〉',
  backslash: '\\',
  frown: '⌒',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  vartheta: 'θ',
  iota: 'ι',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  upsilon: 'υ',
  phi: 'φ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Xi: 'Ξ',
  Pi: 'Π',
  Sigma: 'Σ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
  quad: '  ',
  qquad: '    ',
  ',': ' ',
  ';': ' ',
  ':': ' ',
  '!': '',
  ' ': ' ',
  '{': '{',
  '}': '}',
  '%': '%',
  $: '$',
  '#': '#',
  '&': '&',
  _: '_',
  '|': '‖',
  '\\': '\n',
};
/** Commands whose argument is printed as it is. */
const PASS_THROUGH = new Set([
  'text',
  'textrm',
  'textbf',
  'textit',
  'mathrm',
  'mathbf',
  'mathit',
  'mathsf',
  'mathtt',
  'mbox',
  'operatorname',
  'boldsymbol',
  'bm',
  'boxed',
  'displaystyle',
  'textstyle',
  'underline',
  'mathop',
]);
/** Commands without output (sizes, spacing hints, delimiters' size prefixes). */
const IGNORED = new Set([
  'left',
  'right',
  'big',
  'Big',
  'bigg',
  'Bigg',
  'bigl',
  'bigr',
  'Bigl',
  'Bigr',
  'limits',
  'nolimits',
  'displaystyle',
  'textstyle',
  'scriptstyle',
  'rm',
  'bf',
  'it',
  'mathstrut',
  'strut',
  'hfill',
  'nonumber',
  'notag',
  'hline',
  'tiny',
  'small',
  'large',
  'Large',
  'normalsize',
]);
const DOUBLE_STRUCK: Record<string, string> = { R: 'R', N: 'N', Z: 'Z', Q: 'Q', C: 'C' };
const SUPERSCRIPT_GLYPHS: Record<string, string> = { '1': '¹', '2': '²', '3': '³' };

class TexReader {
  private i = 0;
  constructor(private readonly s: string) {}

  /** Reads everything up to the end (or a closing brace when `inGroup`). */
  readSequence(inGroup = false, env?: string): TextPiece[] {
    const out: TextPiece[] = [];
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (c === '}') {
        if (inGroup) {
          this.i++;
          return out;
        }
        this.i++;
        continue;
      }
      if (c === '{') {
        this.i++;
        out.push(...this.readSequence(true, env));
        continue;
      }
      if (c === '^' || c === '_') {
        this.i++;
        const arg = this.readArgument(env);
        const text = plain(arg);
        if (c === '^' && (text === '∘' || text === '°')) out.push({ text: '°' });
        else if (c === '^' && (text === '′' || text === "'")) out.push({ text: '′' });
        else if (c === '^' && SUPERSCRIPT_GLYPHS[text]) out.push({ text: SUPERSCRIPT_GLYPHS[text] });
        else if (text) out.push({ text, script: c === '^' ? 'sup' : 'sub' });
        continue;
      }
      if (c === '\\') {
        const pieces = this.readCommand(env);
        if (pieces === null) return out; // \end of the current environment
        out.push(...pieces);
        continue;
      }
      if (c === '&') {
        this.i++;
        out.push({ text: env === 'matrix' ? ', ' : '' });
        continue;
      }
      if (c === '~') {
        this.i++;
        out.push({ text: ' ' });
        continue;
      }
      if (c === "'") {
        this.i++;
        out.push({ text: '′' });
        continue;
      }
      if (/\s/.test(c)) {
        while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
        out.push({ text: ' ' });
        continue;
      }
      this.i++;
      out.push({ text: c });
    }
    return out;
  }

  /** One argument: a group, a command or one character. */
  private readArgument(env?: string): TextPiece[] {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
    const c = this.s[this.i];
    if (c === undefined) return [];
    if (c === '{') {
      this.i++;
      return this.readSequence(true, env);
    }
    if (c === '\\') return this.readCommand(env) ?? [];
    this.i++;
    return [{ text: c }];
  }

  /** An optional `[…]` argument. */
  private readOptional(): TextPiece[] | undefined {
    if (this.s[this.i] !== '[') return undefined;
    const end = this.s.indexOf(']', this.i);
    if (end < 0) return undefined;
    const inner = this.s.slice(this.i + 1, end);
    this.i = end + 1;
    return new TexReader(inner).readSequence();
  }

  private readName(): string {
    const m = /^[A-Za-z]+/.exec(this.s.slice(this.i));
    if (m) {
      this.i += m[0].length;
      return m[0];
    }
    const ch = this.s[this.i] ?? '';
    this.i += ch.length;
    return ch;
  }

  private readEnvName(): string {
    const m = /^\s*\{([A-Za-z*]+)\}/.exec(this.s.slice(this.i));
    if (!m) return '';
    this.i += m[0].length;
    return m[1]!.replace('*', '');
  }

  /** A command after its backslash; null for `\end{…}`. */
  private readCommand(env?: string): TextPiece[] | null {
    this.i++; // backslash
    const name = this.readName();
    if (name === 'end') {
      this.readEnvName();
      return null;
    }
    if (name === 'begin') {
      const e = this.readEnvName();
      if (e === 'array' || e === 'tabular') this.readArgument(); // column spec
      const kind = /matrix|array|tabular/.test(e) ? 'matrix' : 'rows';
      const body = this.readSequence(false, kind);
      const rows = splitRows(body);
      if (e === 'cases') return [{ text: '{' }, ...joinRows(rows, '；')];
      if (/matrix|array/.test(e)) return [{ text: '[' }, ...joinRows(rows, '；'), { text: ']' }];
      return joinRows(rows, '；');
    }
    if (name === '\\') return [{ text: env ? '\n' : ' ' }];
    if (name === 'frac' || name === 'dfrac' || name === 'tfrac' || name === 'cfrac') {
      const num = this.readArgument(env);
      const den = this.readArgument(env);
      return [...wrapIfComplex(num), { text: '/' }, ...wrapIfComplex(den)];
    }
    if (name === 'sqrt') {
      const index = this.readOptional();
      const arg = this.readArgument(env);
      const idx = index && plain(index) ? [{ text: plain(index), script: 'sup' as const }] : [];
      return [...idx, { text: '√' }, ...wrapIfComplex(arg)];
    }
    if (name === 'vec' || name === 'overrightarrow') {
      return [...this.readArgument(env), { text: '→', script: 'sup' }];
    }
    if (name === 'overline' || name === 'bar') return [...this.readArgument(env), { text: '¯', script: 'sup' }];
    if (name === 'hat' || name === 'widehat') return [...this.readArgument(env), { text: '^', script: 'sup' }];
    if (name === 'overset' || name === 'stackrel') {
      const over = plain(this.readArgument(env));
      const base = this.readArgument(env);
      return over === '⌒' ? [{ text: '⌒' }, ...base] : [...base, { text: over, script: 'sup' }];
    }
    if (name === 'mathbb') {
      const arg = plain(this.readArgument(env));
      return [{ text: DOUBLE_STRUCK[arg] ?? arg }];
    }
    if (name === 'not') {
      const next = plain(this.readArgument(env));
      return [{ text: next === '=' ? '≠' : next === '∈' ? '∉' : `¬${next}` }];
    }
    if (PASS_THROUGH.has(name)) return this.readArgument(env);
    if (IGNORED.has(name)) {
      if (name === 'left' || name === 'right') {
        // The delimiter that follows: `.` prints nothing.
        const d = this.s[this.i];
        if (d === '.') {
          this.i++;
          return [];
        }
      }
      return [];
    }
    if (name in SYMBOLS) return [{ text: SYMBOLS[name]! }];
    // Function names (\sin, \log, \lim, …) and anything unknown: the name itself, readable.
    return [{ text: name }];
  }
}

function plain(pieces: TextPiece[]): string {
  return pieces
    .map((p) => p.text)
    .join('')
    .trim();
}

/** Parentheses around a fraction part or root argument that is more than one symbol. */
function wrapIfComplex(pieces: TextPiece[]): TextPiece[] {
  const text = plain(pieces);
  if (/^[\p{L}\p{N}.′²³¹]+$/u.test(text) && pieces.every((p) => !p.script)) return [{ text }];
  if (/^\(.*\)$/.test(text)) return pieces;
  return [{ text: '(' }, ...pieces, { text: ')' }];
}

function splitRows(pieces: TextPiece[]): TextPiece[][] {
  const rows: TextPiece[][] = [[]];
  for (const p of pieces) {
    if (p.text === '\n' && !p.script) rows.push([]);
    else rows[rows.length - 1]!.push(p);
  }
  return rows.filter((r) => plain(r) !== '');
}

function joinRows(rows: TextPiece[][], sep: string): TextPiece[] {
  const out: TextPiece[] = [];
  rows.forEach((r, i) => {
    if (i > 0) out.push({ text: sep });
    out.push(...r);
  });
  return out;
}

/** Merges neighbours of the same style and collapses runs of spaces. */
function normalise(pieces: TextPiece[]): TextPiece[] {
  const out: TextPiece[] = [];
  for (const p of pieces) {
    if (!p.text) continue;
    const last = out[out.length - 1];
    if (last && !last.tex && !p.tex && last.script === p.script && last.bold === p.bold) last.text += p.text;
    else out.push({ ...p });
  }
  for (const p of out) if (!p.script && !p.tex) p.text = p.text.replace(/ {2,}/g, ' ');
  return out.filter((p) => p.text !== '');
}

/** TeX source (the inside of `$…$`) as readable styled text. */
export function texToPieces(tex: string): TextPiece[] {
  return normalise(new TexReader(tex).readSequence());
}

/** TeX source as plain text (exponents written `^(…)`, indices `_…`), for places without styles. */
export function texToText(tex: string): string {
  return texToPieces(tex)
    .map((p) => {
      if (!p.script) return p.text;
      const mark = p.script === 'sup' ? '^' : '_';
      return p.text.length > 1 ? `${mark}(${p.text})` : `${mark}${p.text}`;
    })
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Markdown → lines of styled pieces

const IMAGE_RE = /!\[[^\]]*\]\([^)]*\)|<img\b[^>]*>/gi;
/** `$$…$$` or `$…$`; an escaped `\$` is a dollar sign (prices in English texts), never a delimiter. */
const MATH_RE = /(?<!\\)\$\$([\s\S]+?)(?<!\\)\$\$|(?<!\\)\$((?:\\\$|[^$])+?)(?<!\\)\$/g;

/** A formula as a piece: the TeX for the equation engines, readable text for where they fail. */
function formulaPiece(tex: string, display: boolean): TextPiece {
  return { text: texToText(tex), tex, display };
}

/** One line of Markdown text outside formulas: emphasis markers removed, links as their text. */
function markdownInline(text: string): TextPiece[] {
  const out: TextPiece[] = [];
  const parts = text.split(/(\*\*[^*]+\*\*|__[^_]+__)/);
  for (const part of parts) {
    if (!part) continue;
    const bold = /^(\*\*|__).+(\*\*|__)$/.test(part);
    let t = bold ? part.slice(2, -2) : part;
    t = t
      .replace(/\[([^\]]*)\]\((?:[^)]*)\)/g, '$1')
      .replace(/<\/?[a-z][^>]*>/gi, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      // LaTeX text-mode marks of the imported banks (the web renders the same, rich-text/render.ts).
      .replace(/\\uline\{([^{}]*)\}/g, (_, inner: string) => (/^[\s~]*$/.test(inner) ? ' ______ ' : inner))
      .replace(/\\emph\{([^{}]*)\}/g, '$1')
      .replace(/\\hfill(?![a-zA-Z])/g, '')
      .replace(/\\(break|newline)(?![a-zA-Z])/g, ' ')
      .replace(/\\([$_#%&*~])/g, '$1')
      // A blank written as a run of spaces (填空) stays visible as a line.
      .replace(/ {4,}/g, ' ______ ');
    out.push(bold ? { text: t, bold: true } : { text: t });
  }
  return out;
}

/**
 * Markdown + TeX as lines (paragraphs) of styled pieces. Display formulas get their own line;
 * images become {@link IMAGE_NOTE}.
 */
export function markdownToLines(md: string): TextPiece[][] {
  const source = md.replace(/\r\n?/g, '\n').replace(IMAGE_RE, IMAGE_NOTE);
  const lines: TextPiece[][] = [[]];
  const pushText = (text: string) => {
    const segments = text.split('\n');
    segments.forEach((seg, i) => {
      if (i > 0) lines.push([]);
      const cleaned = seg
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^\s{0,3}>\s?/, '')
        .replace(/^\s*[-*+]\s+/, '· ');
      lines[lines.length - 1]!.push(...markdownInline(cleaned));
    });
  };
  let last = 0;
  for (const m of source.matchAll(MATH_RE)) {
    pushText(source.slice(last, m.index));
    if (m[1] !== undefined) {
      lines.push([formulaPiece(m[1].trim(), true)]);
      lines.push([]);
    } else {
      lines[lines.length - 1]!.push(formulaPiece(m[2]!.trim(), false));
    }
    last = m.index + m[0].length;
  }
  pushText(source.slice(last));
  return lines.map(normalise).filter((l) => l.some((p) => p.text.trim() !== ''));
}

// ---------------------------------------------------------------------------------------------
// Layout shared by both formats

type Block =
  | { kind: 'title'; text: string }
  | { kind: 'subtitle'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'para'; pieces: TextPiece[]; indent: number };

function formatScore(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** The paper as a flat list of blocks: title, sections, questions, then answers when asked for. */
export function layoutPaper(doc: ExportPaper): Block[] {
  const blocks: Block[] = [{ kind: 'title', text: doc.title }];
  if (doc.subtitle) blocks.push({ kind: 'subtitle', text: doc.subtitle });
  const all = doc.sections.flatMap((s) => s.questions);
  const total = all.reduce((sum, q) => sum + (q.score ?? 0), 0);
  const summary = `共 ${all.length} 题${total > 0 ? `，满分 ${formatScore(total)} 分` : ''}`;
  blocks.push({ kind: 'subtitle', text: summary });
  for (const section of doc.sections) {
    blocks.push({ kind: 'heading', text: section.title });
    for (const q of section.questions) {
      if (q.passage)
        for (const line of markdownToLines(q.passage)) blocks.push({ kind: 'para', pieces: line, indent: 0 });
      const lines = markdownToLines(q.stem);
      const head: TextPiece = { text: `${q.number}. ${q.score !== undefined ? `（${formatScore(q.score)}分）` : ''}` };
      const [first = [], ...rest] = lines;
      blocks.push({ kind: 'para', pieces: [head, ...first], indent: 0 });
      for (const line of rest) blocks.push({ kind: 'para', pieces: line, indent: 1 });
      for (const o of q.options ?? []) {
        const [oFirst = [], ...oRest] = markdownToLines(o.text);
        blocks.push({ kind: 'para', pieces: [{ text: `${o.key}. ` }, ...oFirst], indent: 1 });
        for (const line of oRest) blocks.push({ kind: 'para', pieces: line, indent: 2 });
      }
    }
  }
  if (doc.includeAnswers) {
    blocks.push({ kind: 'heading', text: '参考答案与解析' });
    for (const q of all) {
      const answer = q.answer ? markdownToLines(q.answer) : [];
      const [aFirst = [{ text: '略' }], ...aRest] = answer;
      blocks.push({
        kind: 'para',
        pieces: [{ text: `${q.number}. ` }, { text: '【答案】', bold: true }, ...aFirst],
        indent: 0,
      });
      for (const line of aRest) blocks.push({ kind: 'para', pieces: line, indent: 1 });
      if (q.analysis) {
        const [first = [], ...rest] = markdownToLines(q.analysis);
        blocks.push({ kind: 'para', pieces: [{ text: '【解析】', bold: true }, ...first], indent: 1 });
        for (const line of rest) blocks.push({ kind: 'para', pieces: line, indent: 1 });
      }
    }
  }
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// DOCX

const TWIP_INDENT = 420; // two Chinese characters at 10.5 pt

function docxRuns(pieces: TextPiece[], size = 21): ParagraphChild[] {
  return pieces.flatMap((p): ParagraphChild[] => {
    if (p.tex !== undefined) {
      const omml = texToOmml(p.tex, p.display);
      // Office Math as it is (docx has no builder for every construct, e.g. arrays with rules).
      if (omml) return [ImportedXmlComponent.fromXmlString(omml) as unknown as ParagraphChild];
      return docxRuns(texToPieces(p.tex), size);
    }
    const opts: IRunOptions = {
      text: p.text,
      size,
      ...(p.bold ? { bold: true } : {}),
      ...(p.script === 'sup' ? { superScript: true } : p.script === 'sub' ? { subScript: true } : {}),
    };
    return [new TextRun(opts)];
  });
}

/** The paper as a Word document (A4, Noto Sans SC named as the font, page numbers in the footer). */
export async function renderPaperDocx(doc: ExportPaper): Promise<Buffer> {
  const children: Paragraph[] = [];
  for (const b of layoutPaper(doc)) {
    if (b.kind === 'title') {
      children.push(
        new Paragraph({
          alignment: AlignmentType.CENTER,
          spacing: { after: 120 },
          children: docxRuns([{ text: b.text, bold: true }], 32),
        }),
      );
    } else if (b.kind === 'subtitle') {
      children.push(new Paragraph({ alignment: AlignmentType.CENTER, children: docxRuns([{ text: b.text }], 21) }));
    } else if (b.kind === 'heading') {
      children.push(
        new Paragraph({ spacing: { before: 240, after: 120 }, children: docxRuns([{ text: b.text, bold: true }], 24) }),
      );
    } else {
      children.push(
        new Paragraph({
          spacing: { after: 60, line: 360 },
          indent: { left: b.indent * TWIP_INDENT },
          children: docxRuns(b.pieces),
        }),
      );
    }
  }
  const footerChildren: ParagraphChild[] = [
    new TextRun({ text: '第 ', size: 18 }),
    new TextRun({ children: [PageNumber.CURRENT], size: 18 }),
    new TextRun({ text: ' 页，共 ', size: 18 }),
    new TextRun({ children: [PageNumber.TOTAL_PAGES], size: 18 }),
    new TextRun({ text: ' 页', size: 18 }),
  ];
  const document = new Document({
    creator: PLATFORM_NAME,
    title: doc.title,
    styles: {
      default: {
        document: { run: { font: { ascii: FONT_FAMILY, hAnsi: FONT_FAMILY, eastAsia: FONT_FAMILY }, size: 21 } },
      },
    },
    sections: [
      {
        properties: { page: { margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } },
        footers: {
          default: new Footer({
            children: [new Paragraph({ alignment: AlignmentType.CENTER, children: footerChildren })],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}

// ---------------------------------------------------------------------------------------------
// PDF

let fontCache: { regular: Buffer; bold: Buffer } | undefined;

/**
 * Noto Sans SC regular and bold (read once; pdfkit embeds only the glyphs a document uses). Also
 * used by other PDFs with Chinese text (training certificates).
 */
export function pdfFonts(): { regular: Buffer; bold: Buffer } {
  if (!fontCache) {
    const { regular, bold } = cjkFontFiles();
    fontCache = { regular: fs.readFileSync(regular), bold: fs.readFileSync(bold) };
  }
  return fontCache;
}

const PDF_MARGIN = 56;
const BODY_SIZE = 10.5;
const INDENT_PT = 21;

/** A unit of a PDF line: a word or character of text, or a drawn formula (sizes in pt). */
type PdfUnit =
  | { kind: 'text'; text: string; bold: boolean; script?: 'sup' | 'sub'; width: number }
  | { kind: 'formula'; svg: string; width: number; ascent: number; descent: number };

/** Latin words and numbers stay together; any other character (Chinese) may end a line. */
const WORD_RE = /[A-Za-z0-9.,;:!?'"()[\]%+\-=/<>_]+|\s+|./gsu;

function pdfUnits(pdf: PDFKit.PDFDocument, pieces: TextPiece[], size: number, maxWidth: number): PdfUnit[] {
  const units: PdfUnit[] = [];
  for (const p of pieces) {
    if (p.tex !== undefined) {
      const f = texToSvg(p.tex, p.display);
      if (f) {
        // A formula wider than the line is scaled down to fit it.
        const scale = Math.min(size, maxWidth / f.width);
        units.push({
          kind: 'formula',
          svg: f.svg,
          width: f.width * scale,
          ascent: f.ascent * scale,
          descent: f.descent * scale,
        });
        continue;
      }
      units.push(...pdfUnits(pdf, texToPieces(p.tex), size, maxWidth));
      continue;
    }
    const fontSize = p.script ? size * 0.65 : size;
    pdf.font(p.bold ? 'bold' : 'regular').fontSize(fontSize);
    for (const m of p.text.matchAll(WORD_RE)) {
      const text = /^\s+$/.test(m[0]) ? ' ' : m[0];
      units.push({
        kind: 'text',
        text,
        bold: !!p.bold,
        ...(p.script ? { script: p.script } : {}),
        width: pdf.widthOfString(text),
      });
    }
  }
  return units;
}

/**
 * One paragraph: text and formulas laid out in lines by hand (pdfkit's text flow cannot hold a
 * drawing), each line as tall as its tallest formula, a new page when the line does not fit.
 */
function pdfParagraph(pdf: PDFKit.PDFDocument, pieces: TextPiece[], indent: number, size = BODY_SIZE): void {
  const left = pdf.page.margins.left + indent * INDENT_PT;
  const maxWidth = pdf.page.width - pdf.page.margins.right - left;
  const units = pdfUnits(pdf, pieces, size, maxWidth);
  const lines: PdfUnit[][] = [[]];
  let x = 0;
  for (const u of units) {
    const line = lines[lines.length - 1]!;
    if (x + u.width > maxWidth && line.length > 0) {
      if (u.kind === 'text' && u.text === ' ') continue;
      lines.push([u]);
      x = u.width;
    } else {
      line.push(u);
      x += u.width;
    }
  }
  const textAscent = size * 0.9;
  const textDescent = size * 0.3;
  for (const line of lines) {
    if (line.length === 0) continue;
    const ascent = Math.max(textAscent, ...line.map((u) => (u.kind === 'formula' ? u.ascent : 0)));
    const descent = Math.max(textDescent, ...line.map((u) => (u.kind === 'formula' ? u.descent : 0)));
    if (pdf.y + ascent + descent > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
    const baseline = pdf.y + ascent;
    let ux = left;
    for (const u of line) {
      if (u.kind === 'formula') {
        SVGtoPDF(pdf, u.svg.replace(/currentColor/g, '#000000'), ux, baseline - u.ascent, {
          width: u.width,
          height: u.ascent + u.descent,
          preserveAspectRatio: 'xMinYMin meet',
          // Chinese words inside formulas are drawn with the paper's own font.
          fontCallback: () => 'regular',
        });
      } else {
        const scripted = u.script !== undefined;
        const y = u.script === 'sup' ? baseline - size * 0.35 : u.script === 'sub' ? baseline + size * 0.15 : baseline;
        pdf
          .font(u.bold ? 'bold' : 'regular')
          .fontSize(scripted ? size * 0.65 : size)
          .text(u.text, ux, y, { lineBreak: false, baseline: 'alphabetic' });
      }
      ux += u.width;
    }
    pdf.y = baseline + descent + 4;
  }
  pdf.x = pdf.page.margins.left;
  pdf.moveDown(0.25);
}

/** The paper as a PDF (A4, embedded Noto Sans SC subset, 第 n 页 footers). */
export async function renderPaperPdf(doc: ExportPaper): Promise<Buffer> {
  const { regular, bold } = pdfFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: PDF_MARGIN, bottom: PDF_MARGIN, left: PDF_MARGIN, right: PDF_MARGIN },
    bufferPages: true,
    info: { Title: doc.title, Creator: PLATFORM_NAME },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
  const contentWidth = pdf.page.width - PDF_MARGIN * 2;
  for (const b of layoutPaper(doc)) {
    if (b.kind === 'title') {
      pdf.font('bold').fontSize(16).text(b.text, PDF_MARGIN, pdf.y, { width: contentWidth, align: 'center' });
      pdf.moveDown(0.3);
    } else if (b.kind === 'subtitle') {
      pdf.font('regular').fontSize(10).fillColor('#333333');
      pdf.text(b.text, PDF_MARGIN, pdf.y, { width: contentWidth, align: 'center' });
      pdf.fillColor('#000000');
    } else if (b.kind === 'heading') {
      pdf.moveDown(0.6);
      pdf.font('bold').fontSize(12).text(b.text, PDF_MARGIN, pdf.y, { width: contentWidth });
      pdf.moveDown(0.3);
    } else {
      pdfParagraph(pdf, b.pieces, b.indent);
    }
  }
  // Page numbers in the bottom margin (the margin is lifted so that writing there adds no page).
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.font('regular').fontSize(9).fillColor('#555555');
    pdf.text(`第 ${i + 1} 页，共 ${range.count} 页`, 0, pdf.page.height - 36, {
      width: pdf.page.width,
      align: 'center',
      lineBreak: false,
    });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  return done;
}

/** RFC 6266 `Content-Disposition` of a download named `name` (UTF-8, with an ASCII fallback). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const EXPORT_CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;
