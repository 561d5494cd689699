/**
 * Import-time repair of the TeX in question text (stem, options, answer, 解析, passage), so that every
 * formula parses in KaTeX (the web) and in the paper exports (docs/question-bank.md, Formulas).
 *
 * The shipped banks were converted from Word and HTML by tools that left marks KaTeX does not read:
 * HTML entities (`&lt;`, `&nbsp;`), LaTeX text-mode commands (`\textless{}`), full-width backslashes,
 * `\begin{tabular}` tables outside formulas, and multi-line environments (`cases`, `matrix`, `align`)
 * whose row breaks `\\` were lost to spaces or to a single backslash (`\begin{cases}m=1 \n=2\end{cases}`).
 * Each rule here is a fixed rewrite of one such mark; what no rule can repair is fixed in the data
 * (data/README.md). The data files keep their original source; only the imported copy is rewritten.
 */
import katex from 'katex';

/** `$$…$$` or `$…$` (the export's and the web's delimiters). */
const MATH_RE = /(\$\$[\s\S]+?\$\$|\$[^$]+?\$)/;

/** Environments whose body is rows separated by `\\`. */
const ROW_ENVS =
  /^(cases|matrix|pmatrix|bmatrix|vmatrix|Vmatrix|smallmatrix|array|aligned|gathered|align|eqnarray)\*?$/;

/** HTML entities the converters left in the text (inside formulas `&amp;` is the column mark). */
const ENTITIES: Record<string, string> = {
  nbsp: ' ',
  lt: '<',
  gt: '>',
  amp: '&',
  minus: '-',
  times: '×',
  divide: '÷',
  rsquo: "'",
  lsquo: "'",
  ldquo: '“',
  rdquo: '”',
};
const ENTITY_RE = new RegExp(`&(${Object.keys(ENTITIES).join('|')});`, 'g');

const knownCommand = new Map<string, boolean>();

/** Whether KaTeX knows `\name` (cached; a command that needs arguments counts as known). */
function isKatexCommand(name: string): boolean {
  let known = knownCommand.get(name);
  if (known === undefined) {
    try {
      katex.renderToString(`\\${name}{a}{b}{c}`, { throwOnError: true, strict: 'ignore' });
      known = true;
    } catch (e) {
      known = !/Undefined control sequence/.test(String((e as Error).message));
    }
    knownCommand.set(name, known);
  }
  return known;
}

/** Text-mode commands, HTML entities and typos with a fixed meaning, inside formulas. */
function fixMathTokens(tex: string): string {
  return tex
    .replace(ENTITY_RE, (_, name: string) => ENTITIES[name]!)
    .replace(/\\textless(?![a-zA-Z])(\{\}| )?/g, '<')
    .replace(/\\textgreater(?![a-zA-Z])(\{\}| )?/g, '>')
    .replace(/\\textbar(?![a-zA-Z])(\{\}| )?/g, '|')
    .replace(/\\textasciitilde(?![a-zA-Z])(\{\}| )?/g, '\\sim ')
    .replace(/\\o\\times/g, '\\otimes')
    .replace(/\\multirow(\[[^\]]*\])?\{[^{}]*\}\{[^{}]*\}/g, '')
    .replace(/\\multicolumn\{[^{}]*\}\{[^{}]*\}/g, '')
    .replace(/\\cline\s*\{[^{}]*\}/g, '')
    .replace(/\\textquotesingle(?![a-zA-Z])(\{\}| )?/g, "'")
    .replace(/\\overrghtarrow(?![a-zA-Z])/g, '\\overrightarrow')
    .replace(/\\\//g, '/')
    .replace(/\\\^\{/g, '{')
    .replace(/\\left\s*\{/g, '\\left\\{')
    .replace(/\\right\s*\}/g, '\\right\\}')
    .replace(/\\begin\{eqnarray\*?\}/g, '\\begin{array}{rcl}')
    .replace(/\\end\{eqnarray\*?\}/g, '\\end{array}')
    .replace(/\\begin\{align\*?\}/g, '\\begin{aligned}')
    .replace(/\\end\{align\*?\}/g, '\\end{aligned}')
    .replace(/\\begin\{array\}\s*\{\*\{\d+\}\{([lcr|]+)\}\}/g, '\\begin{array}{$1}')
    .replace(/\\begin\{array\}(?!\s*\{)/g, '\\begin{array}{l}');
}

/**
 * Restores the rows of multi-line environments: `\&` becomes the column mark `&`, and when the body
 * has no `\\` at all, a backslash before a name KaTeX does not know (`\n=-1`: the `\\` before `n`
 * lost a backslash) and a run of three or more spaces (the converter's line break) become `\\`.
 */
function restoreRows(tex: string): string {
  return tex.replace(
    /\\begin\{([a-zA-Z*]+)\}(\{[^{}]*\})?([\s\S]*?)\\end\{\1\}/g,
    (whole, env: string, spec: string | undefined, body: string) => {
      if (!ROW_ENVS.test(env)) return whole;
      let b = body.replace(/\\&/g, '&');
      if (!/\\\\/.test(b)) {
        b = b.replace(/\\([a-zA-Z]+)/g, (cmd, name: string) => (isKatexCommand(name) ? cmd : `\\\\ ${name}`));
        b = b.trim().replace(/\s{3,}/g, ' \\\\ ');
      }
      let columns = spec ?? '';
      if (env === 'array' && spec) {
        // A spec with fewer columns than the rows have (`{l}` over `a & b` rows) gets left-aligned ones.
        const have = spec.replace(/[^lcr]/g, '').length;
        const need = Math.max(...b.split(/\\\\/).map((row) => row.split('&').length));
        if (need > have) columns = `${spec.slice(0, -1)}${'l'.repeat(need - have)}}`;
      }
      return `\\begin{${env}}${columns}${b}\\end{${env}}`;
    },
  );
}

/**
 * Braces a converter left unmatched are the set braces `\{ \}` that lost their backslash
 * (`{x|-1<x<0`): an unmatched `{` becomes `\{` (closed by `\}` at the end when a `|` follows it,
 * the set-builder form), an unmatched `}` becomes `\}`.
 */
function balanceBraces(tex: string): string {
  const open: number[] = [];
  const lone = new Set<number>();
  for (let i = 0; i < tex.length; i++) {
    const c = tex[i]!;
    if (c === '\\') i++;
    else if (c === '{') open.push(i);
    else if (c === '}') {
      if (open.length) open.pop();
      else lone.add(i);
    }
  }
  for (const i of open) lone.add(i);
  if (!lone.size) return tex;
  let out = '';
  for (let i = 0; i < tex.length; i++) out += lone.has(i) ? `\\${tex[i]}` : tex[i];
  const firstOpen = open[0];
  if (firstOpen !== undefined && tex.indexOf('|', firstOpen) > 0) out += '\\}';
  return out;
}

/** A `\\left` without its `\\right` (lost at the end of the formula) is closed at the end. */
function closeDelimiters(tex: string): string {
  const lefts = [...tex.matchAll(/\\left(?![a-zA-Z])\s*(\\\{|\\[a-zA-Z]+|.)/g)].map((m) => m[1]!);
  const rights = (tex.match(/\\right(?![a-zA-Z])/g) ?? []).length;
  let out = tex;
  for (let i = rights; i < lefts.length; i++)
    out += lefts[lefts.length - 1 - (i - rights)] === '\\{' ? '\\right\\}' : '\\right.';
  return out;
}

/** One formula (without its dollars) repaired. */
export function normaliseFormula(tex: string): string {
  return closeDelimiters(restoreRows(balanceBraces(fixMathTokens(tex))));
}

/** Splits at the top level of `s` (outside `$…$` and braces) on `sep`. */
function splitTopLevel(s: string, sep: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inMath = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      if (!inMath && depth === 0) {
        const m = sep.exec(s.slice(i));
        if (m && m.index === 0) {
          parts.push(s.slice(start, i));
          i += m[0].length - 1;
          start = i + 1;
          continue;
        }
      }
      i++;
      continue;
    }
    if (c === '$') inMath = !inMath;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (!inMath && depth === 0 && sep.source === '&' && c === '&') {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

/** Text of a table cell as TeX: its formulas kept, the words around them in `\text{…}`. */
function cellToTex(cell: string): string {
  let c = cell
    .replace(/\\multirow(\[[^\]]*\])?\{[^{}]*\}\{[^{}]*\}/g, '')
    .replace(/\\multicolumn\{[^{}]*\}\{[^{}]*\}/g, '')
    .replace(/\\(hline|cline\{[^{}]*\})/g, '')
    .trim();
  c = c.replace(/\\\\/g, ' ');
  return c
    .split(/(\$[^$]*\$)/)
    .map((part, i) => {
      if (i % 2 === 1) return `{${normaliseFormula(part.slice(1, -1))}}`;
      const text = part.replace(/\s+/g, ' ').replace(/[\\{}$&#%_^~]/g, '');
      return text.trim() ? `\\text{${text}}` : '';
    })
    .join(' ');
}

/**
 * A `tabular` table as a display formula: an `array` with the same column alignments and rules, rows
 * and `\hline`s kept, merged cells (`\multirow`, `\multicolumn`) reduced to their text.
 */
export function tabularToArray(spec: string, body: string): string {
  const cols = spec.replace(/[pmb]\{[^{}]*\}/g, 'c').replace(/[^lcr|]/g, '');
  const rows = splitTopLevel(body, /^\\\\/);
  const out: string[] = [];
  let pendingRule = false;
  for (const raw of rows) {
    let row = raw.trim();
    const rules = row.match(/^(\s*\\hline)+/);
    if (rules) {
      pendingRule = true;
      row = row.slice(rules[0].length).trim();
    }
    if (!row.replace(/\\hline/g, '').trim()) {
      if (/\\hline/.test(row)) pendingRule = true;
      continue;
    }
    const cells = splitTopLevel(row, /&/).map(cellToTex);
    out.push(`${pendingRule ? '\\hline ' : ''}${cells.join(' & ')}`);
    pendingRule = /\\hline\s*$/.test(raw);
  }
  const last = rows[rows.length - 1] ?? '';
  // Merged cells leave rows with fewer cells; a row with more cells than the spec gets centred columns.
  const need = Math.max(...out.map((row) => splitTopLevel(row, /&/).length));
  const have = cols.replace(/[^lcr]/g, '').length;
  const columns = need > have ? `${cols}${'c|'.repeat(need - have)}` : cols;
  const closing = pendingRule || /\\hline/.test(last) ? ' \\\\ \\hline' : '';
  return `\\begin{array}{${columns || 'c'}}${out.join(' \\\\ ')}${closing}\\end{array}`;
}

/** Text outside formulas: tables to display formulas, text-mode commands and entities to characters. */
function normaliseText(text: string): string {
  return (
    text
      .replace(/\\begin\{array\}[\s\S]*?\\end\{array\}/g, (array) => `$$${normaliseFormula(array)}$$`)
      .replace(ENTITY_RE, (_, name: string) => (name === 'amp' ? '&' : ENTITIES[name]!))
      .replace(/\\textless(?![a-zA-Z])(\{\}| )?/g, '<')
      .replace(/\\textgreater(?![a-zA-Z])(\{\}| )?/g, '>')
      .replace(/\\textbar(?![a-zA-Z])(\{\}| )?/g, '|')
      .replace(/\\textasciitilde(?![a-zA-Z])(\{\}| )?/g, '～')
      .replace(/\\textquotesingle(?![a-zA-Z])(\{\}| )?/g, "'")
      // TeX quotes (``…''): Markdown would read the backticks as a code span and show the formulas raw.
      .replace(/``/g, '“')
      .replace(/''/g, '”')
      .replace(/\\textsuperscript\{([^{}$]*)\}/g, '$^{\\text{$1}}$')
      .replace(/\\textsubscript\{([^{}$]*)\}/g, '$_{\\text{$1}}$')
  );
}

/**
 * Question text (Markdown with `$…$` / `$$…$$` TeX) with its TeX repaired: formulas through
 * {@link normaliseFormula}, the text around them through the table and entity rules. Idempotent.
 */
export function normaliseQuestionTex(source: string): string {
  const unified = source
    .replace(/＼(?=[a-zA-Z])/g, '\\')
    .replace(/\\textbf\{([^{}]*)\}/g, (_, t: string) => (t.trim() ? `**${t.trim()}**` : ''));
  // Tables first: their cells hold `$…$` of their own.
  const withTables = unified.replace(
    /\\begin\{tabular\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}([\s\S]*?)\\end\{tabular\}/g,
    (_, spec: string, body: string) => `\n$$${tabularToArray(spec, body)}$$\n`,
  );
  return withTables
    .split(MATH_RE)
    .map((part, i) => {
      if (i % 2 === 0) return normaliseText(part);
      const display = part.startsWith('$$');
      const inner = display ? part.slice(2, -2) : part.slice(1, -1);
      return display ? `$$${normaliseFormula(inner)}$$` : `$${normaliseFormula(inner)}$`;
    })
    .join('');
}
