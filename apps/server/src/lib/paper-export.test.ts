import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  IMAGE_NOTE,
  markdownToLines,
  renderPaperDocx,
  renderPaperPdf,
  texToText,
  type ExportPaper,
} from './paper-export';

/** The entries of a ZIP archive (stored or deflated), read from its central directory. */
function unzip(buf: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(0);
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(p)).toBe(0x02014b50);
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataStart, dataStart + compressed);
    files.set(name, method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

const paper: ExportPaper = {
  title: '2016年普通高等学校招生全国统一考试（新课标Ⅰ卷）·文科数学',
  subtitle: '节选',
  includeAnswers: true,
  sections: [
    {
      title: '一、选择题',
      questions: [
        {
          number: 1,
          score: 5,
          stem: '设集合 $A=\\{1,3,5,7\\}$，$B=\\{x \\mid 2 \\leq x \\leq 5\\}$，则 $A \\cap B=$（ ）',
          options: [
            { key: 'A', text: '$\\{1,3\\}$' },
            { key: 'B', text: '$\\{3,5\\}$' },
          ],
          answer: 'B',
          analysis: '集合的交集：$\\frac{1}{2} \\times 4 = 2$，另见 ![图](https://example.com/a.png)',
        },
      ],
    },
    {
      title: '二、解答题',
      questions: [{ number: 17, score: 12, stem: '已知 $a_{n+1}=a_n^{2}+\\sqrt{3}$，求通项公式。', answer: '略' }],
    },
  ],
};

describe('TeX as readable text', () => {
  it('maps common commands to Unicode', () => {
    expect(texToText('\\frac{a}{b}')).toBe('a/b');
    expect(texToText('\\dfrac{x+1}{2}')).toBe('(x+1)/2');
    expect(texToText('3 \\times 4 \\div 2')).toBe('3 × 4 ÷ 2');
    expect(texToText('x^{2}+y^3')).toBe('x²+y³');
    expect(texToText('x^{10}')).toBe('x^(10)');
    expect(texToText('a_{n+1}')).toBe('a_(n+1)');
    expect(texToText('60^\\circ')).toBe('60°');
    expect(texToText('\\sqrt{2}')).toBe('√2');
    expect(texToText('\\left( \\alpha \\right)')).toBe('( α )');
    expect(texToText('\\begin{cases} x=1 \\\\ y=2 \\end{cases}')).toBe('{ x=1 ； y=2 ');
    expect(texToText('\\text{千米}')).toBe('千米');
  });

  it('keeps unbalanced dollars and images readable', () => {
    const lines = markdownToLines('单价 $5 元，见图 ![x](a.png)');
    const text = lines.map((l) => l.map((p) => p.text).join('')).join('\n');
    expect(text).toContain('$5 元');
    expect(text).toContain(IMAGE_NOTE);
    expect(text).not.toContain('a.png');
  });
});

describe('renderPaperDocx', () => {
  it('writes a Word file whose document.xml holds the questions and answers', async () => {
    const buf = await renderPaperDocx(paper);
    expect(buf.subarray(0, 2).toString()).toBe('PK');
    const files = unzip(buf);
    const xml = files.get('word/document.xml')?.toString('utf8') ?? '';
    expect(xml).toContain('文科数学');
    expect(xml).toContain('设集合');
    expect(xml).toContain('≤');
    expect(xml).toContain('参考答案与解析');
    // Formulas are Office Math: the fraction and the index are real structures, not text.
    expect(xml).toContain('<m:f>');
    expect(xml).toContain(IMAGE_NOTE);
    expect(xml).toContain('<m:sSub>');
  });

  it('leaves the answers out when not asked for', async () => {
    const xml = unzip(await renderPaperDocx({ ...paper, includeAnswers: false }))
      .get('word/document.xml')!
      .toString();
    expect(xml).toContain('设集合');
    expect(xml).not.toContain('参考答案与解析');
  });
});

describe('renderPaperPdf', () => {
  it('writes a PDF with an embedded font subset whose text extracts', async () => {
    const buf = await renderPaperPdf(paper);
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    // Subset embedding: far smaller than the 10 MB font.
    expect(buf.length).toBeLessThan(500_000);
    let hasPdftotext = true;
    try {
      execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    } catch {
      hasPdftotext = false;
    }
    if (!hasPdftotext) {
      expect(buf.toString('latin1')).toContain('/FontFile2');
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paper-export-'));
    try {
      const file = path.join(dir, 'p.pdf');
      fs.writeFileSync(file, buf);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(text).toContain('文科数学');
      expect(text).toContain('设集合');
      expect(text).toContain('参考答案与解析');
      expect(text).toMatch(/第 1 页，共 \d+ 页/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('attachmentDisposition', () => {
  it('names the file in UTF-8 with an ASCII fallback (RFC 6266)', () => {
    const v = attachmentDisposition('试卷 1.pdf');
    expect(v).toBe(`attachment; filename="__ 1.pdf"; filename*=UTF-8''${encodeURIComponent('试卷 1.pdf')}`);
  });
});
