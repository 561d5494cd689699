/**
 * The showcase of the press's digital publications, decided from the catalogue's own fields
 * (docs/publishing.md, Showcase). A book may fall under more than one kind:
 * - 数字教材 (digital): the catalogue holds a file for it (`file_key` or `file_url`), so it can be
 *   read online;
 * - 音像教材 (av): at least one video or audio lesson is attached to it (`videos`);
 * - 融合出版物 (fusion): it has a file AND a lesson tied to one of its chapters, so the text and
 *   the media are published as one, read and watched from the same contents.
 * Read only: this feature never writes the catalogue.
 */
import { SHOWCASE_ITEMS, type PublicationKind, type ShowcaseKind, type TextbookListItem } from '@eav/contract';
import { and, asc, count, eq, exists, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { textbooks, videos } from '../../db/schema';

/** Catalogue cards of books by id (the textbooks feature's `cardsByIds`, passed from app.ts). */
export type CardsByIds = (db: Db, ids: number[]) => Promise<Map<number, TextbookListItem>>;

const hasFile = or(isNotNull(textbooks.fileKey), isNotNull(textbooks.fileUrl))!;

function hasLesson(db: Db, chapterBound: boolean): SQL {
  const cond = chapterBound
    ? and(eq(videos.textbookId, textbooks.id), isNotNull(videos.chapterId))
    : eq(videos.textbookId, textbooks.id);
  return exists(db.select({ one: videos.id }).from(videos).where(cond));
}

/** Name, rule (shown to visitors) and SQL condition of each kind, in showcase order. */
export function kindRules(db: Db): { kind: PublicationKind; name: string; rule: string; where: SQL }[] {
  return [
    {
      kind: 'digital',
      name: '数字教材',
      rule: '目录中提供电子版、可在线阅读的教材',
      where: hasFile,
    },
    {
      kind: 'av',
      name: '音像教材',
      rule: '配有视频或音频课程的教材',
      where: hasLesson(db, false),
    },
    {
      kind: 'fusion',
      name: '融合出版物',
      rule: '既有电子版、又有关联到章节的视频课程，图文与音像一体出版的教材',
      where: and(hasFile, hasLesson(db, true))!,
    },
  ];
}

/** Each kind with its count and first SHOWCASE_ITEMS books (catalogue order: id). */
export async function showcase(db: Db, cards: CardsByIds): Promise<ShowcaseKind[]> {
  const rules = kindRules(db);
  const found = await Promise.all(
    rules.map(async (r) => {
      const [total] = await db.select({ n: count() }).from(textbooks).where(r.where);
      const rows = await db
        .select({ id: textbooks.id })
        .from(textbooks)
        .where(r.where)
        .orderBy(asc(textbooks.id))
        .limit(SHOWCASE_ITEMS);
      return { r, total: total?.n ?? 0, ids: rows.map((x) => x.id) };
    }),
  );
  const byId = await cards(db, [...new Set(found.flatMap((f) => f.ids))]);
  return found.map(({ r, total, ids }) => ({
    kind: r.kind,
    name: r.name,
    rule: r.rule,
    total,
    items: ids.map((id) => byId.get(id)).filter((c): c is TextbookListItem => !!c),
  }));
}
