/**
 * Question and paper read services (docs/question-bank.md): cards and details by id (the search itself
 * runs on the in-process snapshot, search-index.ts), paper details in paper order, and the
 * ExportPaper of a paper for the DOCX/PDF export (lib/paper-export.ts).
 */
import type {
  PaperDetail,
  PaperListItem,
  PaperSection,
  QuestionCard,
  QuestionDetail,
  QuestionKnowledgePoint,
  QuestionOrigin,
} from '@eav/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  dictionary,
  knowledgePoints,
  paperQuestions,
  papers,
  questionKnowledgePoints,
  questions,
} from '../../db/schema';
import type { ExportPaper, ExportQuestion } from '../../lib/paper-export';
import { PATH_SEPARATOR } from './import-knowledge-points';
import { byIdCaches } from './search-index';

const stageDict = alias(dictionary, 'stage_dict');
const subjectDict = alias(dictionary, 'subject_dict');
const gradeDict = alias(dictionary, 'grade_dict');

/** Knowledge points of questions, by question id. */
async function knowledgePointsOf(db: Db, ids: number[]): Promise<Map<number, QuestionKnowledgePoint[]>> {
  const out = new Map<number, QuestionKnowledgePoint[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      questionId: questionKnowledgePoints.questionId,
      id: knowledgePoints.id,
      name: knowledgePoints.name,
      path: knowledgePoints.path,
    })
    .from(questionKnowledgePoints)
    .innerJoin(knowledgePoints, eq(knowledgePoints.id, questionKnowledgePoints.knowledgePointId))
    .where(inArray(questionKnowledgePoints.questionId, ids))
    .orderBy(asc(knowledgePoints.path));
  for (const r of rows) {
    if (!out.has(r.questionId)) out.set(r.questionId, []);
    out.get(r.questionId)!.push({ id: r.id, name: r.name, path: r.path.split(PATH_SEPARATOR).join(' > ') });
  }
  return out;
}

/**
 * Questions with answer and analysis, by id (missing ids are absent from the map). Details are kept in
 * the search snapshot's cache, so they are dropped with it when the question bank changes.
 */
export async function questionDetails(db: Db, ids: number[]): Promise<Map<number, QuestionDetail>> {
  const out = new Map<number, QuestionDetail>();
  if (!ids.length) return out;
  const { details: cache } = await byIdCaches(db);
  const unique: number[] = [];
  for (const id of new Set(ids)) {
    const hit = cache.get(id);
    if (hit) out.set(id, hit);
    else unique.push(id);
  }
  if (!unique.length) return out;
  const rows = await db
    .select({
      id: questions.id,
      externalId: questions.externalId,
      stageId: questions.stageId,
      stageName: stageDict.name,
      subjectId: questions.subjectId,
      subjectName: subjectDict.name,
      type: questions.type,
      stem: questions.stem,
      options: questions.options,
      passage: questions.passage,
      difficulty: questions.difficulty,
      score: questions.score,
      source: questions.source,
      year: questions.year,
      region: questions.region,
      origin: questions.origin,
      answer: questions.answer,
      analysis: questions.analysis,
    })
    .from(questions)
    .innerJoin(stageDict, eq(stageDict.id, questions.stageId))
    .innerJoin(subjectDict, eq(subjectDict.id, questions.subjectId))
    .where(inArray(questions.id, unique));
  const kps = await knowledgePointsOf(db, unique);
  for (const r of rows) {
    const detail: QuestionDetail = {
      id: r.id,
      externalId: r.externalId,
      stage: { id: r.stageId, name: r.stageName },
      subject: { id: r.subjectId, name: r.subjectName },
      type: r.type,
      stem: r.stem,
      options: r.options ?? null,
      passage: r.passage,
      difficulty: r.difficulty,
      score: r.score,
      source: r.source,
      year: r.year,
      region: r.region,
      origin: r.origin as QuestionOrigin,
      knowledgePoints: kps.get(r.id) ?? [],
      answer: r.answer,
      analysis: r.analysis,
    };
    cache.set(r.id, detail);
    out.set(r.id, detail);
  }
  return out;
}

/** A card (no answer) from a detail. */
export function toCard(d: QuestionDetail): QuestionCard {
  const { answer: _answer, analysis: _analysis, ...card } = d;
  return card;
}

/** Cards in the order of `ids`. */
export async function questionCards(db: Db, ids: number[]): Promise<QuestionCard[]> {
  const details = await questionDetails(db, ids);
  return ids.filter((id) => details.has(id)).map((id) => toCard(details.get(id)!));
}

const paperColumns = {
  id: papers.id,
  externalId: papers.externalId,
  title: papers.title,
  stageId: papers.stageId,
  stageName: stageDict.name,
  subjectId: papers.subjectId,
  subjectName: subjectDict.name,
  gradeId: papers.gradeId,
  gradeName: gradeDict.name,
  year: papers.year,
  region: papers.region,
  paperType: papers.paperType,
  questionCount: papers.questionCount,
  totalScore: papers.totalScore,
  partial: papers.partial,
};

type PaperRow = {
  id: number;
  externalId: string;
  title: string;
  stageId: number;
  stageName: string;
  subjectId: number;
  subjectName: string;
  gradeId: number | null;
  gradeName: string | null;
  year: number | null;
  region: string | null;
  paperType: string;
  questionCount: number;
  totalScore: number;
  partial: boolean;
};

function paperItem(r: PaperRow): PaperListItem {
  return {
    id: r.id,
    externalId: r.externalId,
    title: r.title,
    stage: { id: r.stageId, name: r.stageName },
    subject: { id: r.subjectId, name: r.subjectName },
    grade: r.gradeId && r.gradeName ? { id: r.gradeId, name: r.gradeName } : null,
    year: r.year,
    region: r.region,
    paperType: r.paperType,
    questionCount: r.questionCount,
    totalScore: r.totalScore,
    partial: r.partial,
  };
}

/** Paper cards in the order of `ids`. */
export async function paperItems(db: Db, ids: number[]): Promise<PaperListItem[]> {
  if (!ids.length) return [];
  const { paperCards } = await byIdCaches(db);
  const missing = ids.filter((id) => !paperCards.has(id));
  if (missing.length) await loadPaperItems(db, missing, paperCards);
  return ids.filter((id) => paperCards.has(id)).map((id) => paperCards.get(id)!);
}

async function loadPaperItems(db: Db, ids: number[], into: Map<number, PaperListItem>): Promise<void> {
  const rows = await db
    .select(paperColumns)
    .from(papers)
    .innerJoin(stageDict, eq(stageDict.id, papers.stageId))
    .innerJoin(subjectDict, eq(subjectDict.id, papers.subjectId))
    .leftJoin(gradeDict, eq(gradeDict.id, papers.gradeId))
    .where(inArray(papers.id, ids));
  for (const r of rows) into.set(r.id, paperItem(r));
}

/** A paper with its sections and questions in paper order, or null. */
export async function paperDetail(db: Db, id: number): Promise<PaperDetail | null> {
  const [item] = await paperItems(db, [id]);
  if (!item) return null;
  const entries = await db
    .select({
      sectionIndex: paperQuestions.sectionIndex,
      sectionTitle: paperQuestions.sectionTitle,
      number: paperQuestions.number,
      score: paperQuestions.score,
      questionId: paperQuestions.questionId,
    })
    .from(paperQuestions)
    .where(eq(paperQuestions.paperId, id))
    .orderBy(asc(paperQuestions.position));
  const details = await questionDetails(
    db,
    entries.map((e) => e.questionId),
  );
  const sections: PaperSection[] = [];
  let last = -1;
  for (const e of entries) {
    const question = details.get(e.questionId);
    if (!question) continue;
    if (e.sectionIndex !== last) {
      sections.push({ title: e.sectionTitle, questions: [] });
      last = e.sectionIndex;
    }
    sections[sections.length - 1]!.questions.push({ number: e.number, score: e.score, question });
  }
  return { ...item, sections };
}

/** An answer as one line of text: choices joined, several blanks numbered （1）…；（2）…. */
export function answerText(d: Pick<QuestionDetail, 'answer' | 'type'>): string {
  if (typeof d.answer === 'string') return d.answer;
  if (d.type === '多选题' && d.answer.every((a) => /^[A-Z]$/.test(a.trim()))) return d.answer.join('');
  if (d.answer.length === 1) return d.answer[0]!;
  return d.answer.map((a, i) => `（${i + 1}）${a}`).join('；');
}

/** A question of an export. */
export function exportQuestion(number: number, score: number | null, d: QuestionDetail): ExportQuestion {
  return {
    number,
    ...(score !== null ? { score } : {}),
    ...(d.passage ? { passage: d.passage } : {}),
    stem: d.stem,
    ...(d.options ? { options: d.options } : {}),
    answer: answerText(d),
    ...(d.analysis ? { analysis: d.analysis } : {}),
  };
}

/** The export document of a paper (节选 named in the subtitle). */
export function paperExportDoc(p: PaperDetail, includeAnswers: boolean): ExportPaper {
  const subtitle = [p.partial ? '节选' : null, `${p.stage.name}${p.subject.name}`, p.paperType]
    .filter(Boolean)
    .join(' · ');
  return {
    title: p.title,
    subtitle,
    includeAnswers,
    sections: p.sections.map((s) => ({
      title: s.title,
      questions: s.questions.map((q) => exportQuestion(q.number, q.score, q.question)),
    })),
  };
}
