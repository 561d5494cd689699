/**
 * Every formula of every shipped question, option, answer, 解析 and reading passage (data/*.jsonl, as
 * the importer stores it) parses in KaTeX with throwOnError and renders no LaTeX command as text; and
 * the import-time repairs of tex-normalise.ts, one by one.
 */
import fs from 'node:fs';
import path from 'node:path';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { questionLine } from '../src/features/question-bank/import-questions';
import { normaliseQuestionTex } from '../src/features/question-bank/tex-normalise';

const DATA = path.resolve(import.meta.dirname, '../../../data');
/** The formulas as the export and the web find them: `$$…$$` or `$…$`, an escaped `\$` is a dollar. */
const MATH_RE = /(?<!\\)\$\$([\s\S]+?)(?<!\\)\$\$|(?<!\\)\$((?:\\\$|[^$])+?)(?<!\\)\$/g;
/** Command names that must never reach the reader as text. */
const LEFTOVER =
  /\\begin|\\end\{|\\hline|\\mathrm|\\text|textgreater|textless|textbar|nbsp|&lt;|&gt;|\\left|\\right|\\frac/;

/**
 * KaTeX's strict mode, except the three reports about Unicode it renders anyway (Chinese words, ①,
 * ★ inside formulas): the web renders those too, and the data needs them.
 */
const strict = (code: string) =>
  code === 'unicodeTextInMathMode' || code === 'unknownSymbol' || code === 'symbolNotInFont' ? 'ignore' : 'error';

function renderedText(tex: string, display: boolean): string {
  const html = katex.renderToString(tex, { throwOnError: true, strict, displayMode: display, output: 'html' });
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function textsOf(line: ReturnType<typeof questionLine.parse>): [string, string][] {
  // The answer is either the text itself or wrapped with how the importer normalised it.
  const answer = line.answer as unknown as string | string[] | { value: string | string[] };
  const value = typeof answer === 'object' && !Array.isArray(answer) ? answer.value : answer;
  const answers = Array.isArray(value) ? value : [value];
  return [
    ['stem', line.stem],
    ['analysis', line.analysis ?? ''],
    ['passage', line.passage ?? ''],
    ...(line.options ?? []).map((o): [string, string] => [`option ${o.key}`, o.text]),
    ...answers.map((a): [string, string] => ['answer', a]),
  ];
}

describe('shipped question formulas', () => {
  it('every formula parses in KaTeX and leaves no LaTeX command in its text', { timeout: 600_000 }, () => {
    const problems: string[] = [];
    let formulas = 0;
    for (const file of fs.readdirSync(DATA).filter((f) => /^questions-.*\.jsonl$/.test(f))) {
      for (const raw of fs.readFileSync(path.join(DATA, file), 'utf8').split('\n')) {
        if (!raw.trim()) continue;
        const parsed = questionLine.safeParse(JSON.parse(raw));
        if (!parsed.success) continue; // the import tests cover the lines it refuses
        for (const [field, text] of textsOf(parsed.data)) {
          for (const m of text.matchAll(MATH_RE)) {
            formulas++;
            const tex = m[1] ?? m[2]!;
            try {
              const out = renderedText(tex, m[1] !== undefined);
              const left = LEFTOVER.exec(out);
              if (left) problems.push(`${parsed.data.externalId} ${field}: ${left[0]} in ${tex.slice(0, 120)}`);
            } catch (e) {
              problems.push(`${parsed.data.externalId} ${field}: ${(e as Error).message.slice(0, 160)}`);
            }
          }
          const outside = LEFTOVER.exec(text.replace(MATH_RE, ''));
          if (outside) problems.push(`${parsed.data.externalId} ${field}: ${outside[0]} outside formulas`);
        }
      }
    }
    expect(formulas).toBeGreaterThan(100_000);
    expect(problems).toEqual([]);
  });
});

describe('normaliseQuestionTex', () => {
  it('turns a tabular table into an array formula with its rules and cell formulas', () => {
    const out = normaliseQuestionTex(
      '如下表\n\n\\begin{tabular}{|c|c|}\n\\hline 甲 & $x^{2}$ \\\\\n\\hline 1 & 2 \\\\\n\\hline\n\\end{tabular}\n\n则',
    );
    expect(out).toBe(
      '如下表\n\n\n$$\\begin{array}{|c|c|}\\hline \\text{甲} &  {x^{2}}  \\\\ \\hline \\text{1} & \\text{2} \\\\ \\hline\\end{array}$$\n\n\n则',
    );
    expect(() => katex.renderToString(out.split('$$')[1]!, { throwOnError: true, strict })).not.toThrow();
  });

  it('restores the rows of a system whose line breaks were lost', () => {
    expect(normaliseQuestionTex('$\\begin{cases} 3-2x \\geq 1    x \\geq m+1 \\end{cases}$')).toBe(
      '$\\begin{cases}3-2x \\geq 1 \\\\ x \\geq m+1\\end{cases}$',
    );
    expect(normaliseQuestionTex('$\\begin{cases}m=12 \\n=-1\\end{cases}$')).toBe(
      '$\\begin{cases}m=12 \\\\ n=-1\\end{cases}$',
    );
    expect(normaliseQuestionTex('$\\left {\\begin{array}{c} 3-2x\\geq 1   x\\geq m+1 \\end{array}\\right.$')).toBe(
      '$\\left\\{\\begin{array}{c}3-2x\\geq 1 \\\\ x\\geq m+1\\end{array}\\right.$',
    );
  });

  it('replaces entities, text-mode commands and full-width backslashes', () => {
    expect(
      normaliseQuestionTex('$-2&lt;m\\leq -1$，$m\\textless{}-1$，$\\textbar x\\textbar$ 且 x&nbsp;&lt;&nbsp;0'),
    ).toBe('$-2<m\\leq -1$，$m<-1$，$|x|$ 且 x < 0');
    expect(normaliseQuestionTex('$x ＼mathrm{~, ~ 则 ~} y$')).toBe('$x \\mathrm{~, ~ 则 ~} y$');
    expect(normaliseQuestionTex("李奥纳多说：``$1$号箱中放红球''")).toBe('李奥纳多说：“$1$号箱中放红球”');
  });

  it('closes set braces and delimiters the source lost', () => {
    expect(normaliseQuestionTex('$ {x|-1<x<0$')).toBe('$ \\{x|-1<x<0\\}$');
    expect(normaliseQuestionTex('$B=\\left\\{ 4, 5$')).toBe('$B=\\left\\{ 4, 5\\right\\}$');
  });

  it('is idempotent', () => {
    const once = normaliseQuestionTex(
      '$\\begin{cases} a    b \\end{cases}$ \\begin{tabular}{|c|}\\hline 1 \\\\ \\hline\\end{tabular}',
    );
    expect(normaliseQuestionTex(once)).toBe(once);
  });
});
