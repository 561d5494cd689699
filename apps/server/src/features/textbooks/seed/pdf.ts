// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the bench project (bench/tsconfig.json) compiles this file without apps/server/src, so it must pull the types itself
/// <reference path="./subset-font.d.ts" />
/**
 * Makes a demo textbook PDF with pdf-lib: a coloured cover, a table of contents with page
 * numbers, a title page per unit and the lessons (heading, paragraphs, a practice box), with
 * running header and page numbers. Chinese text uses Noto Sans SC (OFL, npm package
 * @expo-google-fonts/noto-sans-sc), subset to the characters used with harfbuzz (subset-font),
 * so a book weighs tens of kilobytes. Page numbers printed are the PDF's own page numbers, so the
 * chapter tree's `page` jumps exactly where the reader shows it.
 *
 * These generators are development dependencies: production refuses the demo seed and installs
 * without them, so they are loaded only when a book is made (nothing here loads them at start).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { subjectColours } from '../covers';
import type { DemoBook } from './demo-data';

const require = createRequire(import.meta.url);

/** The PDF and font libraries, loaded on first use. */
async function pdfLibraries() {
  const [pdfLib, fontkit, subsetFont] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
    import('subset-font'),
  ]);
  return { PDFDocument: pdfLib.PDFDocument, rgb: pdfLib.rgb, fontkit: fontkit.default, subsetFont: subsetFont.default };
}
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function fontFiles() {
  fonts ??= {
    regular: fs.readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
    bold: fs.readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
  };
  return fonts;
}

/** Path of the full regular font (ffmpeg drawtext uses it for the lesson videos). */
export function regularFontPath(): string {
  return require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
}

const W = 595.28;
const H = 841.89;
const MARGIN = 64;
const NO_LINE_START = /^[，。、；：？！）》」’”,.;:?!)]/;

/** Line breaking: CJK per character, Latin per word; closing punctuation never starts a line. */
function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const tokens = text.match(/[A-Za-z0-9'’.,!?%/+\-=²³⁸×√()]+\s*|\s+|./gu) ?? [];
  const lines: string[] = [];
  let cur = '';
  for (const tok of tokens) {
    const next = cur + tok;
    if (cur && font.widthOfTextAtSize(next.trimEnd(), size) > width && !NO_LINE_START.test(tok)) {
      lines.push(cur.trimEnd());
      cur = tok.trimStart();
    } else cur = next;
  }
  if (cur.trim()) lines.push(cur.trimEnd());
  return lines;
}

/** The Latin ligature characters (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ). */
const LIGATURES = /[\uFB00-\uFB06]/gu;

/**
 * Spells ligature characters out as their letters ("ﬁ" → "fi", their NFKC form). Readers extract a
 * ligature glyph as one odd character or a gap ("I'm ﬁne" read as "I'm fi ne"), which breaks
 * search, copying and screen readers; the book's text is drawn letter by letter instead.
 */
export function withoutLigatures(text: string): string {
  return text.replace(LIGATURES, (c) => c.normalize('NFKC'));
}

/** Unicode superscript characters and the plain characters they raise. */
const SUPERSCRIPTS: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁺': '+',
  '⁻': '-',
};
const SUPERSCRIPT_RUN = /[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻]+/gu;

/**
 * Splits a line into plain runs and superscript runs (mapped to plain digits and signs). The CJK
 * font has no glyphs for most Unicode superscripts (U+2074..U+207B: "10⁸" would print as "10"
 * and a blank), so they are drawn as raised, smaller plain digits, which every reader shows.
 */
export function superscriptRuns(text: string): { text: string; sup: boolean }[] {
  const runs: { text: string; sup: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(SUPERSCRIPT_RUN)) {
    if (m.index > last) runs.push({ text: text.slice(last, m.index), sup: false });
    runs.push({ text: [...m[0]].map((c) => SUPERSCRIPTS[c] ?? c).join(''), sup: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), sup: false });
  return runs;
}

/** Draws a line with its superscripts raised by 0.38 em at 0.62 of the size. */
function drawLine(
  page: PDFPage,
  line: string,
  opts: { x: number; y: number; size: number; font: PDFFont; color: RGB },
) {
  let x = opts.x;
  for (const run of superscriptRuns(line)) {
    const size = run.sup ? opts.size * 0.62 : opts.size;
    const y = run.sup ? opts.y + opts.size * 0.38 : opts.y;
    page.drawText(run.text, { ...opts, x, y, size });
    x += opts.font.widthOfTextAtSize(run.text, size);
  }
}

export interface GeneratedPdf {
  bytes: Uint8Array;
  pageCount: number;
  /** Page of each unit and lesson title, keyed `unitIndex` / `unitIndex.lessonIndex`. */
  pages: Record<string, number>;
}

/** Renders the book. */
export async function generateTextbookPdf(source: DemoBook): Promise<GeneratedPdf> {
  const book = JSON.parse(JSON.stringify(source), (_key, value: unknown) =>
    typeof value === 'string' ? withoutLigatures(value) : value,
  ) as DemoBook;
  const { PDFDocument, rgb, fontkit, subsetFont } = await pdfLibraries();
  const hex = (h: string): RGB =>
    rgb(parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255);
  const GREY = rgb(0.42, 0.45, 0.5);
  const INK = rgb(0.13, 0.14, 0.16);
  const [deep, light] = subjectColours(book.subject);
  const allText = [
    book.title,
    book.subject,
    book.stage,
    book.grade ?? '',
    book.volume,
    book.edition,
    book.publisher,
    book.description,
    '目录数字教材演示版本书内容由平台编写仅供功能演示练习第页…—·本单元共课：、。',
    ...book.units.flatMap((unit) => [
      unit.title,
      ...unit.lessons.flatMap((l) => [l.title, ...(l.text ?? []), ...(l.exercises ?? [])]),
    ]),
  ].join('');
  const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
  const chars = [...new Set(allText + ascii)].join('');
  const files = fontFiles();
  const [reg, bold] = await Promise.all([
    subsetFont(files.regular, chars, { targetFormat: 'truetype' }),
    subsetFont(files.bold, chars, { targetFormat: 'truetype' }),
  ]);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(book.title);
  doc.setAuthor(book.publisher);
  doc.setSubject(book.description);
  doc.setCreator('数字教材服务平台');
  doc.setLanguage('zh-CN');
  // Shaping without ligatures: fontkit would draw "fi" as the font's ligature glyph, which the
  // subset font's character map does not name, so pdf.js extracted "I'm fine" as "I'm Ɓne".
  const features = { liga: false, clig: false, dlig: false };
  const font = await doc.embedFont(reg, { subset: false, features });
  const fontB = await doc.embedFont(bold, { subset: false, features });

  // Content pages first; cover and contents are inserted in front afterwards (2 pages).
  const FRONT = 2;
  const pages: Record<string, number> = {};
  const content: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage([W, H]);
    content.push(page);
    y = H - MARGIN - 24;
  };
  const ensure = (h: number) => {
    if (y - h < MARGIN + 30) newPage();
  };
  const paragraph = (text: string, size: number, f: PDFFont, color: RGB, indent = 0, lead = 1.75) => {
    for (const line of wrapText(text, f, size, W - 2 * MARGIN - indent)) {
      ensure(size * lead);
      drawLine(page, line, { x: MARGIN + indent, y, size, font: f, color });
      y -= size * lead;
    }
  };

  book.units.forEach((unit, ui) => {
    newPage();
    pages[String(ui)] = content.length + FRONT;
    // Unit opener: a colour band with the unit title.
    page.drawRectangle({ x: 0, y: H - 300, width: W, height: 180, color: hex(light), opacity: 0.18 });
    page.drawRectangle({ x: MARGIN, y: H - 232, width: 6, height: 56, color: hex(deep) });
    page.drawText(unit.title, { x: MARGIN + 22, y: H - 214, size: 26, font: fontB, color: hex(deep) });
    y = H - 340;
    paragraph(`本单元共 ${unit.lessons.length} 课：${unit.lessons.map((l) => l.title).join('、')}。`, 12, font, GREY);
    unit.lessons.forEach((lesson, li) => {
      // The first lesson shares the unit opener; the others start a page.
      if (li > 0) newPage();
      else y -= 24;
      pages[`${ui}.${li}`] = content.length + FRONT;
      page.drawText(lesson.title, { x: MARGIN, y, size: 19, font: fontB, color: INK });
      page.drawLine({
        start: { x: MARGIN, y: y - 10 },
        end: { x: MARGIN + 80, y: y - 10 },
        thickness: 2.5,
        color: hex(deep),
      });
      y -= 42;
      const text = lesson.text ?? [`${lesson.title}：本课内容将在正式版本中提供。`];
      for (const p of text) {
        paragraph(`\u3000\u3000${p}`, 12.5, font, INK);
        y -= 8;
      }
      if (lesson.exercises?.length) {
        const lines = lesson.exercises.flatMap((q, i) => wrapText(`${i + 1}. ${q}`, font, 11.5, W - 2 * MARGIN - 36));
        const boxH = 44 + lines.length * 20;
        ensure(boxH + 10);
        y -= 6;
        page.drawRectangle({
          x: MARGIN,
          y: y - boxH + 18,
          width: W - 2 * MARGIN,
          height: boxH,
          color: hex(light),
          opacity: 0.12,
          borderColor: hex(deep),
          borderWidth: 0.8,
          borderOpacity: 0.5,
        });
        page.drawText('练习', { x: MARGIN + 16, y: y - 4, size: 13, font: fontB, color: hex(deep) });
        y -= 30;
        for (const l of lines) {
          drawLine(page, l, { x: MARGIN + 18, y, size: 11.5, font, color: INK });
          y -= 20;
        }
        y -= 12;
      }
    });
  });

  // Cover.
  const cover = doc.insertPage(0, [W, H]);
  cover.drawRectangle({ x: 0, y: 0, width: W, height: H, color: hex(deep) });
  cover.drawCircle({ x: W - 60, y: H - 80, size: 190, color: hex(light), opacity: 0.35 });
  cover.drawCircle({ x: W - 60, y: H - 80, size: 110, color: rgb(1, 1, 1), opacity: 0.12 });
  cover.drawRectangle({ x: 0, y: 0, width: 26, height: H, color: rgb(0, 0, 0), opacity: 0.22 });
  cover.drawText([book.stage, book.grade].filter(Boolean).join(' · '), {
    x: 70,
    y: H - 120,
    size: 16,
    font,
    color: rgb(1, 1, 1),
  });
  cover.drawText(book.subject, { x: 66, y: H - 250, size: 84, font: fontB, color: rgb(1, 1, 1) });
  cover.drawRectangle({ x: 70, y: H - 285, width: 90, height: 6, color: rgb(1, 1, 1), opacity: 0.85 });
  let ty = H - 340;
  for (const line of wrapText(book.title, font, 22, W - 160)) {
    cover.drawText(line, { x: 70, y: ty, size: 22, font, color: rgb(1, 1, 1) });
    ty -= 34;
  }
  cover.drawRectangle({ x: W - 190, y: 250, width: 120, height: 46, color: rgb(1, 1, 1) });
  const volW = fontB.widthOfTextAtSize(book.volume, 20);
  cover.drawText(book.volume, { x: W - 130 - volW / 2, y: 265, size: 20, font: fontB, color: hex(deep) });
  cover.drawRectangle({ x: 0, y: 0, width: W, height: 150, color: rgb(1, 1, 1) });
  cover.drawText(book.edition, { x: 70, y: 90, size: 22, font: fontB, color: hex(deep) });
  cover.drawText(book.publisher, { x: 70, y: 58, size: 14, font, color: GREY });
  cover.drawText('数字教材演示版 · 本书内容由平台编写，仅供功能演示', { x: 70, y: 30, size: 9, font, color: GREY });

  // Contents.
  const toc = doc.insertPage(1, [W, H]);
  toc.drawText('目录', { x: MARGIN, y: H - MARGIN - 30, size: 26, font: fontB, color: hex(deep) });
  let cy = H - MARGIN - 80;
  const tocLine = (title: string, pageNo: number, indent: number, f: PDFFont, size: number) => {
    const num = String(pageNo);
    const numW = f.widthOfTextAtSize(num, size);
    const titleW = f.widthOfTextAtSize(title, size);
    toc.drawText(title, { x: MARGIN + indent, y: cy, size, font: f, color: INK });
    const dotsStart = MARGIN + indent + titleW + 8;
    const dotsEnd = W - MARGIN - numW - 8;
    for (let x = dotsStart; x < dotsEnd; x += 6) toc.drawText('·', { x, y: cy, size: 9, font, color: GREY });
    toc.drawText(num, { x: W - MARGIN - numW, y: cy, size, font: f, color: INK });
    cy -= size * 2;
  };
  book.units.forEach((unit, ui) => {
    tocLine(unit.title, pages[String(ui)]!, 0, fontB, 13.5);
    unit.lessons.forEach((l, li) => tocLine(l.title, pages[`${ui}.${li}`]!, 20, font, 12));
    cy -= 6;
  });

  // Running header and page numbers (not on the cover).
  const all = doc.getPages();
  all.forEach((p, i) => {
    if (i === 0) return;
    const n = `— ${i + 1} —`;
    p.drawText(n, { x: (W - font.widthOfTextAtSize(n, 10)) / 2, y: 34, size: 10, font, color: GREY });
    if (i > 1) {
      p.drawText(book.title, { x: MARGIN, y: H - 40, size: 9, font, color: GREY });
      p.drawLine({
        start: { x: MARGIN, y: H - 48 },
        end: { x: W - MARGIN, y: H - 48 },
        thickness: 0.5,
        color: GREY,
        opacity: 0.5,
      });
    }
  });

  return { bytes: await doc.save(), pageCount: all.length, pages };
}
