/**
 * 我的笔记 as a file (docs/reader.md, Marks): the user's marks grouped by book, then by page, as Markdown
 * or as a Word document, with Chinese headings. Each mark is its kind (with a highlight's colour), the
 * quoted passage and the note's text. User text is escaped in Markdown so that a note never turns
 * into a heading, a list or a link; the DOCX keeps it as plain runs.
 */
import {
  inBeijing,
  PLATFORM_NAME,
  READER_MARK_COLOR_LABELS,
  READER_MARK_KIND_LABELS,
  type MyReaderMark,
} from '@eav/contract';
import { AlignmentType, BorderStyle, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { FONT_FAMILY } from '../../lib/paper-export';

/** The title of the export, its first heading. */
export const MARKS_EXPORT_TITLE = '我的笔记';

/** A book's marks, page by page, in the order given. */
interface BookGroup {
  title: string;
  pages: { page: number; marks: MyReaderMark[] }[];
}

/** Groups marks already ordered by book, page and place into books and pages. */
function groupMarks(marks: MyReaderMark[]): BookGroup[] {
  const books: BookGroup[] = [];
  let bookId: number | undefined;
  for (const m of marks) {
    if (m.textbookId !== bookId) {
      books.push({ title: m.textbookTitle, pages: [] });
      bookId = m.textbookId;
    }
    const pages = books[books.length - 1]!.pages;
    if (pages[pages.length - 1]?.page !== m.page) pages.push({ page: m.page, marks: [] });
    pages[pages.length - 1]!.marks.push(m);
  }
  return books;
}

/** 书签, 划线（黄色）, 笔记. */
function label(m: MyReaderMark): string {
  const kind = READER_MARK_KIND_LABELS[m.kind];
  return m.kind === 'highlight' && m.color ? `${kind}（${READER_MARK_COLOR_LABELS[m.color]}）` : kind;
}

/** 导出时间 2026-09-01 08:00（北京时间），共 N 条. */
function summary(count: number, now: Date): string {
  const at = inBeijing(now)?.format('YYYY-MM-DD HH:mm') ?? now.toISOString();
  return `导出时间 ${at}（北京时间），共 ${count} 条`;
}

/** One line of user text as Markdown text: inline marks escaped, and what would open a block at its start. */
export function markdownLine(line: string): string {
  return line
    .replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-+=])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** User text as Markdown lines, its line breaks kept (hard breaks), each line prefixed by `prefix`. */
function markdownText(text: string, prefix = ''): string[] {
  const lines = text.split(/\r?\n/).map(markdownLine);
  const broken = (i: number) => Boolean(lines[i]!.trim() && lines[i + 1]?.trim());
  return lines.map((l, i) => `${prefix}${l}${broken(i) ? '\\' : ''}`.trimEnd());
}

/** The marks as a Markdown document: 我的笔记, then a `##` heading per book and a `###` per page. */
export function marksMarkdown(marks: MyReaderMark[], now: Date): string {
  const out: string[] = [`# ${MARKS_EXPORT_TITLE}`, '', summary(marks.length, now), ''];
  for (const book of groupMarks(marks)) {
    out.push(`## ${markdownLine(book.title)}`, '');
    for (const { page, marks: onPage } of book.pages) {
      out.push(`### 第 ${page} 页`, '');
      for (const m of onPage) {
        out.push(`**${label(m)}**`, '');
        if (m.anchor) out.push(...markdownText(m.anchor.quote, '> '), '');
        if (m.note) out.push(...markdownText(m.note), '');
      }
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** Runs of user text, its line breaks kept. */
function textRuns(text: string, opts: { italics?: boolean } = {}): TextRun[] {
  return text.split(/\r?\n/).map((line, i) => new TextRun({ text: line, ...(i > 0 ? { break: 1 } : {}), ...opts }));
}

/** The marks as a Word document: the title, a heading per book (level 1) and per page (level 2). */
export async function marksDocx(marks: MyReaderMark[], now: Date): Promise<Buffer> {
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, text: MARKS_EXPORT_TITLE }),
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, text: summary(marks.length, now) }),
  ];
  for (const book of groupMarks(marks)) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, text: book.title }));
    for (const { page, marks: onPage } of book.pages) {
      children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, text: `第 ${page} 页` }));
      for (const m of onPage) {
        children.push(
          new Paragraph({ spacing: { before: 120 }, children: [new TextRun({ text: label(m), bold: true })] }),
        );
        if (m.anchor)
          children.push(
            new Paragraph({
              indent: { left: 420 },
              border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'BFBFBF', space: 8 } },
              children: textRuns(m.anchor.quote, { italics: true }),
            }),
          );
        if (m.note) children.push(new Paragraph({ spacing: { after: 60 }, children: textRuns(m.note) }));
      }
    }
  }
  const document = new Document({
    creator: PLATFORM_NAME,
    title: MARKS_EXPORT_TITLE,
    styles: {
      default: {
        document: { run: { font: { ascii: FONT_FAMILY, hAnsi: FONT_FAMILY, eastAsia: FONT_FAMILY }, size: 21 } },
      },
    },
    sections: [{ properties: { page: { margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } }, children }],
  });
  return Packer.toBuffer(document);
}
