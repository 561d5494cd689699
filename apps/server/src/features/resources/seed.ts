/**
 * Generated resources of the demo seed (docs/resources.md, Generated resources), after the question
 * bank's seed: for each first- and second-level chapter of the books with chapter trees whose
 * mapped questions exist, a 同步练习 sheet as PDF and DOCX; each paper as PDF and DOCX; and a 微课
 * for each demo lesson video. Only rows are written here, in three set-based statements (thousands
 * of rows in well under a second); the files are rendered on first request (generate.ts). Never
 * the publishers' textbook files. Idempotent: `generator_key` is unique and conflicts are skipped.
 */
import { RESOURCE_FORMAT_MIME } from '@eav/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import type { SeedContext } from '../../seed/seeder';
import type { ResourceStorage } from '../../lib/storage';

const FORMATS = sql`(values ('pdf', ${RESOURCE_FORMAT_MIME.pdf}), ('docx', ${RESOURCE_FORMAT_MIME.docx})) as f(format, mime)`;

/** First- and second-level chapters whose subtree maps to at least one question (see sources.ts). */
const CHAPTERS_WITH_QUESTIONS = sql`with recursive
  roots as (
    select c.id from textbook_chapters c
    left join textbook_chapters p on p.id = c.parent_id
    where c.parent_id is null or p.parent_id is null
  ),
  tree(root, id) as (
    select id, id from roots
    union all
    select t.root, c.id from textbook_chapters c join tree t on c.parent_id = t.id
  ),
  mapped as (
    select distinct t.root, kp.stage_id, kp.subject_id, kp.path
    from tree t
    join chapter_knowledge_points ckp on ckp.chapter_id = t.id
    join knowledge_points kp on kp.id = ckp.knowledge_point_id
  )
  select distinct m.root from mapped m
  where exists (
    select 1 from knowledge_points k join question_knowledge_points qk on qk.knowledge_point_id = k.id
    where k.stage_id = m.stage_id and k.subject_id = m.subject_id
      and (k.path = m.path or left(k.path, length(m.path) + 1) = m.path || '>')
  )`;

export interface GeneratedCounts {
  sheets: number;
  papers: number;
  lessons: number;
}

/**
 * Writes the generated resource rows that do not exist yet; answers how many were added. A 微课 row
 * is added for each stored lesson video, sized from `storage` (a video not stored yet is skipped).
 */
export async function seedGeneratedResources(db: Db, storage: ResourceStorage): Promise<GeneratedCounts> {
  const sheets = await db.execute(sql`
    insert into resources (title, type, format, mime, stage_id, subject_id, grade_id, edition_id, volume_id,
      textbook_id, chapter_id, description, access, status, generator, generator_key)
    select c.title || ' 同步练习', 'exercise', f.format, f.mime, b.stage_id, b.subject_id, b.grade_id, b.edition_id,
      b.volume_id, b.id, c.id, '按本章知识点从题库选取的同步练习题，附参考答案与解析（平台生成）。', 'login', 'published',
      jsonb_build_object('kind', 'chapter', 'chapterId', c.id), 'chapter:' || c.id || ':' || f.format
    from textbook_chapters c
    join textbooks b on b.id = c.textbook_id
    cross join ${FORMATS}
    where c.id in (${CHAPTERS_WITH_QUESTIONS})
    on conflict (generator_key) do nothing
    returning id`);
  const papers = await db.execute(sql`
    insert into resources (title, type, format, mime, stage_id, subject_id, grade_id, description, access, status,
      generator, generator_key)
    select p.title, 'paper', f.format, f.mime, p.stage_id, p.subject_id, p.grade_id,
      p.paper_type || (case when p.year is null then '' else ' · ' || p.year || ' 年' end)
        || '，共 ' || p.question_count || ' 题，附参考答案与解析（平台生成）。',
      'public', 'published', jsonb_build_object('kind', 'paper', 'paperId', p.id), 'paper:' || p.id || ':' || f.format
    from papers p cross join ${FORMATS}
    where p.question_count > 0
    on conflict (generator_key) do nothing
    returning id`);
  // The demo lesson videos are the project's own renders (textbooks seed), kept in the app's store.
  const videos = rowsOf<{ id: number; source: string }>(
    await db.execute(sql`select v.id, v.source from videos v
      where v.kind = 'video' and v.source like '%.mp4' and v.source not like 'http%'
        and not exists (select 1 from resources r where r.generator_key = 'video:' || v.id)`),
  );
  let lessons = 0;
  for (const v of videos) {
    const size = await storage.size(v.source);
    if (size === null) continue;
    const added = await db.execute(sql`
      insert into resources (title, type, format, mime, size, stage_id, subject_id, grade_id, edition_id, volume_id,
        textbook_id, chapter_id, description, access, status, storage_key, generator_key)
      select v.title, 'micro_lesson', 'mp4', ${RESOURCE_FORMAT_MIME.mp4}, ${size}, b.stage_id, b.subject_id, b.grade_id,
        b.edition_id, b.volume_id, b.id, v.chapter_id, v.description, v.access, 'published', v.source, 'video:' || v.id
      from videos v join textbooks b on b.id = v.textbook_id
      where v.id = ${v.id}
      on conflict (generator_key) do nothing
      returning id`);
    lessons += rowsOf(added).length;
  }
  return { sheets: rowsOf(sheets).length, papers: rowsOf(papers).length, lessons };
}

/** Start-up seeder: generated resources whenever demo content is seeded (after the question bank's). */
export async function seedResources({ db, storage, log, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  const started = Date.now();
  const counts = await seedGeneratedResources(db, storage);
  if (counts.sheets + counts.papers + counts.lessons > 0)
    log.info({ ...counts, ms: Date.now() - started }, 'generated resources seeded');
}
