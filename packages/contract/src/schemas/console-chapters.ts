/**
 * The console's chapter tree editor and PDF upload of a textbook (docs/console-content.md, Chapter
 * tree editor, Textbook PDF). A node carries the same fields as a node of the `import:chapters`
 * format (docs/api.md, Chapter trees) plus the id it has in storage, so that a renamed or moved
 * node keeps its id and the resources, videos and assignments that point at it stay attached.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { plainText } from './common';

const { nodesMax, depthMax, titleMax, pageMax } = LIMITS.chapterTree;

/** Printed page numbers (the default) or pages of the PDF file. */
export const CHAPTER_PAGE_KINDS = ['printed', 'pdf'] as const;
export type ChapterPageKind = (typeof CHAPTER_PAGE_KINDS)[number];

/**
 * A node of the tree the editor sends (`PUT …/textbooks/{id}/chapters`). `id`: the stored node it
 * continues (absent for a new node); `page`: where the chapter starts, a printed page unless
 * `pageKind` is `pdf`; a chapter ends where the next one starts, so no end page is stored.
 */
export interface ConsoleChapterInput {
  id?: number | undefined;
  title: string;
  page: number | null;
  pageKind?: ChapterPageKind | undefined;
  pageInferred?: boolean | undefined;
  starred?: boolean | undefined;
  children: ConsoleChapterInput[];
}

export const consoleChapterInput: z.ZodType<ConsoleChapterInput> = z.lazy(() =>
  z.object({
    id: z.number({ error: '章节编号无效' }).int('章节编号无效').positive('章节编号无效').optional(),
    title: plainText(titleMax, `章节标题不能超过 ${titleMax} 个字`).min(1, '章节标题不能为空'),
    page: z
      .number({ error: '页码应为整数' })
      .int('页码应为整数')
      .min(0, '页码不能小于 0')
      .max(pageMax, `页码不能超过 ${pageMax}`)
      .nullable()
      .default(null),
    pageKind: z.enum(CHAPTER_PAGE_KINDS, { error: '页码类型应为 printed 或 pdf' }).optional(),
    pageInferred: z.boolean({ error: 'pageInferred 应为 true 或 false' }).optional(),
    starred: z.boolean({ error: 'starred 应为 true 或 false' }).optional(),
    children: z.array(consoleChapterInput, { error: '子章节应为数组' }).default([]),
  }),
) as unknown as z.ZodType<ConsoleChapterInput>;

/** Node count and depth of a tree (depth 1: top-level nodes only; 0: empty tree). */
export function chapterTreeSize(tree: readonly { children: readonly unknown[] }[]): { count: number; depth: number } {
  let count = 0;
  let depth = 0;
  const walk = (ns: readonly { children: readonly unknown[] }[], d: number) => {
    for (const n of ns) {
      count++;
      depth = Math.max(depth, d);
      walk(n.children as { children: unknown[] }[], d + 1);
    }
  };
  walk(tree, 1);
  return { count, depth };
}

/** `PUT /api/v1/admin/catalogue/textbooks/{id}/chapters`: the whole tree, within LIMITS.chapterTree. */
export const consoleChaptersBody = z
  .object({ chapters: z.array(consoleChapterInput, { error: '目录应为章节数组（chapters）' }) })
  .superRefine((v, ctx) => {
    const { count, depth } = chapterTreeSize(v.chapters);
    if (count > nodesMax)
      ctx.addIssue({ code: 'custom', path: ['chapters'], message: `目录不能超过 ${nodesMax} 个节点` });
    if (depth > depthMax) ctx.addIssue({ code: 'custom', path: ['chapters'], message: `目录不能超过 ${depthMax} 层` });
    const seen = new Set<number>();
    const walk = (ns: ConsoleChapterInput[]) => {
      for (const n of ns) {
        if (n.id !== undefined) {
          if (seen.has(n.id))
            ctx.addIssue({ code: 'custom', path: ['chapters'], message: `章节编号 ${n.id} 重复出现` });
          seen.add(n.id);
        }
        walk(n.children);
      }
    };
    walk(v.chapters);
  });
export type ConsoleChaptersBody = z.input<typeof consoleChaptersBody>;

/** A stored node as the editor reads it: `refs` counts the resources, videos and assignments pointing at it. */
export interface ConsoleChapterNode {
  id: number;
  title: string;
  page: number | null;
  pageKind: ChapterPageKind;
  pageInferred: boolean;
  starred: boolean;
  refs: number;
  children: ConsoleChapterNode[];
}
export const consoleChapterNode: z.ZodType<ConsoleChapterNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    page: z.number().int().nullable(),
    pageKind: z.enum(CHAPTER_PAGE_KINDS),
    pageInferred: z.boolean(),
    starred: z.boolean(),
    refs: z.number().int(),
    children: z.array(consoleChapterNode),
  }),
);

/** `GET|PUT /api/v1/admin/catalogue/textbooks/{id}/chapters` answer. */
export const consoleChapterTree = z.object({
  textbookId: z.number().int(),
  title: z.string(),
  chapters: z.array(consoleChapterNode),
});
export type ConsoleChapterTree = z.infer<typeof consoleChapterTree>;

/** `PUT /api/v1/admin/catalogue/textbooks/{id}/pdf` answer: the stored file's size and page count. */
export const consoleTextbookPdf = z.object({
  id: z.number().int(),
  fileSize: z.number().int(),
  pageCount: z.number().int().nullable(),
});
export type ConsoleTextbookPdf = z.infer<typeof consoleTextbookPdf>;
