/**
 * A composed paper with fractions, inequalities, a table and a system of inequalities exported to
 * DOCX and PDF: the Word file holds Office Math equations, the PDF draws the formulas, and neither
 * shows a LaTeX command name as text.
 */
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderPaperDocx, renderPaperPdf, type ExportPaper } from './paper-export';

const TABLE =
  '$$\\begin{array}{|c|c|c|}\\hline \\text{甲} & \\text{乙} & {x^{2}} \\\\ \\hline \\text{1} & \\text{2} & {\\frac{1}{2}} \\\\ \\hline\\end{array}$$';

const FORMULA_PAPER: ExportPaper = {
  title: '组卷：公式导出',
  includeAnswers: true,
  sections: [
    {
      title: '一、选择题',
      questions: [
        {
          number: 1,
          score: 5,
          stem: '若关于$x$的不等式组$\\begin{cases}3-2x \\geq 1 \\\\ x \\geq m+1\\end{cases}$共有$2$个整数解，则$m$的取值范围是',
          options: [
            { key: 'A', text: '$-2<m\\leq -1$' },
            { key: 'B', text: '$m<-1$' },
            { key: 'C', text: '$|x|>\\dfrac{1}{2}$' },
            { key: 'D', text: '$x<0$' },
          ],
          answer: 'A',
          analysis: '解不等式$3-2x\\geqslant 1$得$x\\leqslant 1$，所以$-2<m\\leq -1$．',
        },
        {
          number: 2,
          score: 5,
          stem: `下表中 \\$5 是单价：\n\n${TABLE}\n\n求 $\\frac{a+b}{2}$。`,
          answer: '$\\frac{3}{4}$',
        },
      ],
    },
  ],
};

/** Names of LaTeX commands and HTML entities that must never be printed as text. */
const LEAKS =
  /\\[a-zA-Z]+|\b(frac|dfrac|geq|leq|geqslant|leqslant|textgreater|textless|textbar|mathrm|hline|begin|end\{|cases|nbsp|lt;|gt;)\b/;

/** The decompressed content streams of a pdfkit PDF. */
function pdfStreams(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      out.push(zlib.inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not a deflated stream (font data ends differently); skipped
    }
  }
  return out.join('\n');
}

describe('paper export formulas', () => {
  it('writes Office Math equations into the Word file and no LaTeX as text', { timeout: 60_000 }, async () => {
    const docx = await renderPaperDocx(FORMULA_PAPER);
    const zip = await JSZip.loadAsync(docx);
    const xml = await zip.file('word/document.xml')!.async('string');
    // One equation per formula: the system, four options, the table, the fraction, the answers.
    expect((xml.match(/<m:oMath\b/g) ?? []).length).toBeGreaterThanOrEqual(10);
    expect(xml).toContain('<m:f>'); // a fraction
    expect(xml).toContain('<m:m>'); // the table and the system as matrices
    const text = [...xml.matchAll(/<(?:w|m):t(?: [^>]*)?>([^<]*)<\/(?:w|m):t>/g)]
      .map((m) => m[1]!)
      .join('')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(text).toContain('≥');
    expect(text).toContain('$5');
    expect(LEAKS.exec(text)?.[0]).toBeUndefined();
  });

  it('draws the formulas in the PDF and prints no LaTeX as text', { timeout: 60_000 }, async () => {
    const pdf = await renderPaperPdf(FORMULA_PAPER);
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain('不等式组');
    expect(text).toContain('$5');
    expect(LEAKS.exec(text)?.[0]).toBeUndefined();
    // MathJax draws glyphs as filled curves (`c` operators), the table rules as lines: text never is.
    const streams = pdfStreams(pdf);
    expect((streams.match(/ c\n/g) ?? []).length).toBeGreaterThan(200);
  });
});
