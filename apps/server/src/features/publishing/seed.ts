/**
 * Demo content of 智慧出版 (docs/publishing.md, Demo data), seeded with the other demo content
 * only and only into an empty announcements table (idempotent): announcements about the portal's
 * own features, and a printing history and a few errata on demo books. The errata are
 * demonstration notices (marked 演示 in their note), not corrections the publishers issued.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  publishingAnnouncements,
  textbookChapters,
  textbookErrata,
  textbookPrintings,
  textbooks,
} from '../../db/schema';
import type { Seeder } from '../../seed/seeder';

const DEMO_NOTE = '演示数据：用于展示勘误功能，并非出版社发布的勘误';

const ANNOUNCEMENTS: { title: string; summary: string; body: string; publishedAt: string }[] = [
  {
    title: '“智慧出版”栏目上线',
    summary: '集中展示数字教材、音像教材与融合出版物，并公布教材的版次印次与勘误信息。',
    publishedAt: '2026-11-02T09:00:00+08:00',
    body: [
      '门户新增 **智慧出版** 栏目，提供以下内容：',
      '',
      '1. **数字出版物展示**：按数字教材、音像教材、融合出版物三类，展示平台目录中的教材；',
      '2. **出版动态**：发布平台与教材出版相关的通知；',
      '3. **版次与勘误**：在教材详情页列出每本教材的版次、印次和勘误。',
      '',
      '三类出版物依据教材目录中的信息划分，划分规则见栏目页面各分类下方的说明。',
    ].join('\n'),
  },
  {
    title: '在线阅读器支持勘误标记',
    summary: '阅读到有勘误的页面时，页面上会显示“勘误”标记，并在面板中列出勘误内容。',
    publishedAt: '2026-11-10T09:00:00+08:00',
    body: [
      '电脑端和手机端的在线阅读器现已支持勘误标记：',
      '',
      '- 缩略图列表中，有勘误的页面带有 **勘误** 角标；',
      '- 翻到有勘误的页面时，页面旁会显示勘误面板，列出原文、更正内容和发布日期；',
      '- 教材详情页的“版次与勘误”部分列出整本书的全部勘误，点击页码即可跳转阅读。',
      '',
      '如在阅读中发现疑似错误，欢迎通过“联系我们”反馈。',
    ].join('\n'),
  },
  {
    title: '如何查看教材的版次与印次',
    summary: '教材详情页新增版次印次记录，最新的一次印刷标注为“最新”。',
    publishedAt: '2026-11-18T09:00:00+08:00',
    body: [
      '同一版教材可能多次印刷，每次印刷可能修订个别内容。教材详情页的 **版次与勘误** 部分按时间列出：',
      '',
      '| 项目 | 说明 |',
      '| --- | --- |',
      '| 版次 | 教材的第几版 |',
      '| 印次 | 该版的第几次印刷 |',
      '| 日期 | 该次印刷的日期 |',
      '',
      '列表中最新的一次印刷带有“最新”标记。目前展示的版次印次为演示数据。',
    ].join('\n'),
  },
];

/** Demo printings and errata per demo book (`externalId`); an erratum's page is its lesson's page. */
const BOOKS: {
  externalId: string;
  printings: [edition: number, printing: number, date: string][];
  errata: { lesson: string; fallbackPage: number; original: string; correction: string; publishedOn: string }[];
}[] = [
  {
    externalId: 'demo-math-7a-rjb',
    printings: [
      [1, 1, '2024-06-01'],
      [1, 2, '2025-01-10'],
      [1, 3, '2025-06-20'],
    ],
    errata: [
      {
        lesson: '1.1 正数和负数',
        fallbackPage: 2,
        original: '在正数前面加上符号“-”的数叫做负数',
        correction: '在正数前面加上负号“−”的数叫做负数',
        publishedOn: '2026-11-10',
      },
      {
        lesson: '1.2 有理数',
        fallbackPage: 3,
        original: '记作 |a|',
        correction: '记作 |a|，读作“a 的绝对值”',
        publishedOn: '2026-11-12',
      },
    ],
  },
  {
    externalId: 'demo-physics-8a-rjb',
    printings: [
      [1, 1, '2024-07-01'],
      [1, 2, '2025-07-15'],
    ],
    errata: [
      {
        lesson: '第1节 长度和时间的测量',
        fallbackPage: 2,
        original: '长度的单位',
        correction: '长度的国际单位是米（m）',
        publishedOn: '2026-11-15',
      },
    ],
  },
];

/** Seeds the demo announcements, printings and errata into `db`. */
export async function seedDemoPublishing(db: Db): Promise<void> {
  await db.insert(publishingAnnouncements).values(
    ANNOUNCEMENTS.map((a) => {
      const at = new Date(a.publishedAt);
      return { title: a.title, summary: a.summary, body: a.body, publishedAt: at, createdAt: at, updatedAt: at };
    }),
  );
  const books = await db
    .select({ id: textbooks.id, externalId: textbooks.externalId, pageCount: textbooks.pageCount })
    .from(textbooks)
    .where(
      inArray(
        textbooks.externalId,
        BOOKS.map((b) => b.externalId),
      ),
    );
  for (const b of BOOKS) {
    const book = books.find((x) => x.externalId === b.externalId);
    if (!book) continue;
    await db
      .insert(textbookPrintings)
      .values(
        b.printings.map(([editionNo, printingNo, printedOn]) => ({
          textbookId: book.id,
          editionNo,
          printingNo,
          printedOn,
          note: '演示数据',
        })),
      )
      .onConflictDoNothing();
    for (const e of b.errata) {
      const [chapter] = await db
        .select({ page: textbookChapters.page })
        .from(textbookChapters)
        .where(and(eq(textbookChapters.textbookId, book.id), eq(textbookChapters.title, e.lesson)))
        .limit(1);
      const page = Math.min(chapter?.page ?? e.fallbackPage, book.pageCount ?? Number.MAX_SAFE_INTEGER);
      await db.insert(textbookErrata).values({
        textbookId: book.id,
        page,
        original: e.original,
        correction: e.correction,
        publishedOn: e.publishedOn,
        note: DEMO_NOTE,
      });
    }
  }
}

/** Start-up seeder: demo publishing content with the other demo content, into an empty table only. */
export const seedPublishing: Seeder = async ({ db, demo }) => {
  if (!demo) return;
  const [row] = await db.select({ n: count() }).from(publishingAnnouncements);
  if ((row?.n ?? 0) > 0) return;
  await seedDemoPublishing(db);
};
