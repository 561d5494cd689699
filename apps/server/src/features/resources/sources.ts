/**
 * The documents of generated resources (docs/resources.md, Generated resources), read from the
 * question bank's tables (schema/question-bank.ts documents them for other features):
 * - a paper: its questions in paper order, by section, with scores, answers and analysis;
 * - a chapter's 同步练习 sheet: questions tagged with a knowledge point the chapter (or a chapter
 *   below it) is mapped to, or with one below such a knowledge point; easiest first, at most
 *   SHEET_QUESTIONS, in sections by question type.
 */
import { QUESTION_TYPES } from '@eav/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { paperQuestions, papers, questions, textbookChapters, textbooks } from '../../db/schema';
import type { ExportPaper, ExportQuestion } from '../../lib/paper-export';

/** Most questions on one 同步练习 sheet. */
export const SHEET_QUESTIONS = 20;

const CHINESE_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

function answerText(answer: unknown): string {
  if (Array.isArray(answer)) return answer.map(String).join('、');
  return answer === null || answer === undefined ? '' : String(answer);
}

interface QuestionRow {
  stem: string;
  options: { key: string; text: string }[] | null;
  answer: unknown;
  analysis: string | null;
  passage: string | null;
}

function exportQuestion(q: QuestionRow, number: number, score?: number | null): ExportQuestion {
  return {
    number,
    ...(score ? { score } : {}),
    ...(q.passage ? { passage: q.passage } : {}),
    stem: q.stem,
    ...(q.options?.length ? { options: q.options } : {}),
    answer: answerText(q.answer),
    ...(q.analysis ? { analysis: q.analysis } : {}),
  };
}

/** A paper as a printable document (with answers and analysis at the end), or null when gone. */
export async function paperDocument(db: Db, paperId: number): Promise<ExportPaper | null> {
  const [paper] = await db.select().from(papers).where(eq(papers.id, paperId));
  if (!paper) return null;
  const rows = await db
    .select({
      sectionIndex: paperQuestions.sectionIndex,
      sectionTitle: paperQuestions.sectionTitle,
      number: paperQuestions.number,
      score: paperQuestions.score,
      stem: questions.stem,
      options: questions.options,
      answer: questions.answer,
      analysis: questions.analysis,
      passage: questions.passage,
    })
    .from(paperQuestions)
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.position));
  if (rows.length === 0) return null;
  const sections: ExportPaper['sections'] = [];
  let current: { index: number; section: ExportPaper['sections'][number] } | null = null;
  for (const r of rows) {
    if (!current || current.index !== r.sectionIndex) {
      current = { index: r.sectionIndex, section: { title: r.sectionTitle, questions: [] } };
      sections.push(current.section);
    }
    current.section.questions.push(exportQuestion(r, r.number, r.score));
  }
  const facts = [
    paper.year ? `${paper.year} 年` : null,
    paper.region,
    paper.partial ? '节选' : null,
    `共 ${paper.questionCount} 题`,
    paper.totalScore ? `满分 ${paper.totalScore} 分` : null,
  ].filter(Boolean);
  return { title: paper.title, subtitle: facts.join(' · '), sections, includeAnswers: true };
}

/** SQL of the question ids of a chapter's subtree (see the file comment), easiest first. */
export function chapterQuestionIds(chapterId: number, limit: number) {
  return sql`with recursive sub(id) as (
      select id from textbook_chapters where id = ${chapterId}
      union all
      select c.id from textbook_chapters c join sub on c.parent_id = sub.id
    ),
    mapped as (
      select distinct kp.stage_id, kp.subject_id, kp.path
      from chapter_knowledge_points ckp join knowledge_points kp on kp.id = ckp.knowledge_point_id
      where ckp.chapter_id in (select id from sub)
    ),
    kps as (
      select k.id from knowledge_points k join mapped m
        on k.stage_id = m.stage_id and k.subject_id = m.subject_id
       and (k.path = m.path or left(k.path, length(m.path) + 1) = m.path || '>')
    )
    select q.id from questions q
    where exists (select 1 from question_knowledge_points qk where qk.question_id = q.id and qk.knowledge_point_id in (select id from kps))
    order by q.difficulty nulls last, q.id
    limit ${limit}`;
}

/** A chapter's 同步练习 sheet, or null when the chapter is gone or has no mapped questions. */
export async function chapterSheet(db: Db, chapterId: number): Promise<ExportPaper | null> {
  const [chapter] = await db
    .select({ title: textbookChapters.title, book: textbooks.title })
    .from(textbookChapters)
    .innerJoin(textbooks, eq(textbooks.id, textbookChapters.textbookId))
    .where(eq(textbookChapters.id, chapterId));
  if (!chapter) return null;
  const ids = rowsOf<{ id: number }>(await db.execute(chapterQuestionIds(chapterId, SHEET_QUESTIONS))).map((r) =>
    Number(r.id),
  );
  if (ids.length === 0) return null;
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      stem: questions.stem,
      options: questions.options,
      answer: questions.answer,
      analysis: questions.analysis,
      passage: questions.passage,
    })
    .from(questions)
    .where(sql`${questions.id} in ${ids}`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => Boolean(r));
  const typeRank = (t: string) => {
    const i = (QUESTION_TYPES as readonly string[]).indexOf(t);
    return i < 0 ? QUESTION_TYPES.length : i;
  };
  const types = [...new Set(ordered.map((q) => q.type))].sort((a, b) => typeRank(a) - typeRank(b));
  let n = 0;
  const sections = types.map((type, i) => ({
    title: `${CHINESE_NUMBERS[i] ?? i + 1}、${type}`,
    questions: ordered.filter((q) => q.type === type).map((q) => exportQuestion(q, ++n)),
  }));
  return {
    title: `${chapter.title} 同步练习`,
    subtitle: `${chapter.book} · 共 ${n} 题`,
    sections,
    includeAnswers: true,
  };
}
