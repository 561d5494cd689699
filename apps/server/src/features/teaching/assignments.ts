/**
 * Assignments (docs/teaching.md, Assignments): creation of the three kinds, with homework questions
 * copied from the question bank (a picked list, a bank paper or the teacher's composed paper), the
 * list and detail views of teachers and students, and the answer-visibility rule.
 */
import {
  LIMITS,
  type AnswerResponse,
  type AnswerVisibility,
  type AssignmentCreateBody,
  type AssignmentDetail,
  type AssignmentKind,
  type AssignmentQuestion,
  type AssignmentState,
  type AssignmentSummary,
  type AssignmentUpdateBody,
  type HomeworkSource,
  type QuestionDetail,
  type SubmissionStatus,
} from '@eav/contract';
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  composedPapers,
  paperQuestions,
  resources,
  teachingAnswers,
  teachingAssignments,
  teachingClasses,
  teachingItems,
  teachingMembers,
  teachingSubmissions,
  textbookChapters,
  textbooks,
} from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { mapKeys, optionView } from '../../lib/option-order';
import { storedAnswer, withStoredAnswer } from '../../lib/stored-answer';
import type { AssignmentRow, ClassRow, SubmissionRow } from './access';
import { blanksOf, gradingModeOf } from './grading';
import type { QuestionLoader } from './routes-common';

const T = LIMITS.teaching;

/** Teacher-side state of an assignment at `now`. */
export function stateOf(a: Pick<AssignmentRow, 'publishAt' | 'dueAt'>, now: Date): AssignmentState {
  if (a.publishAt > now) return 'scheduled';
  if (a.dueAt <= now) return 'pastDue';
  return 'open';
}

/**
 * Whether a student sees answers and analyses now: once their work is submitted or graded and the
 * rule allows it (right after submitting, or from the due time on); and, for everyone, from the
 * due time on when late work is not accepted (nobody can submit any more).
 */
export function answersVisible(
  a: Pick<AssignmentRow, 'dueAt' | 'allowLate' | 'answerVisibility'>,
  status: SubmissionStatus,
  now: Date,
): boolean {
  const pastDue = a.dueAt <= now;
  const done = status === 'submitted' || status === 'graded';
  if (done && ((a.answerVisibility as AnswerVisibility) === 'afterSubmit' || pastDue)) return true;
  return pastDue && !a.allowLate;
}

/**
 * Refuses times the database cannot store: a well-formed but impossible date (`2026-02-30`) parses to an
 * invalid Date, and years past 9999 do not fit `timestamptz` text. @throws 400.
 */
function assertDates(...dates: Date[]): void {
  for (const d of dates) {
    const t = d.getTime();
    if (Number.isNaN(t) || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100) throw badRequest('时间不正确');
  }
}

/** Resolves the questions of a homework source, in order and without repeats, with their scores. */
async function homeworkQuestions(
  db: Db | Tx,
  teacherId: number,
  source: HomeworkSource,
): Promise<{ questionId: number; score: number | null }[]> {
  let entries: { questionId: number; score: number | null }[];
  if (source.from === 'questions') entries = source.questionIds.map((questionId) => ({ questionId, score: null }));
  else if (source.from === 'paper') {
    entries = await db
      .select({ questionId: paperQuestions.questionId, score: paperQuestions.score })
      .from(paperQuestions)
      .where(eq(paperQuestions.paperId, source.paperId))
      .orderBy(asc(paperQuestions.position));
    if (!entries.length) throw badRequest('试卷不存在或没有试题');
  } else {
    const [paper] = await db
      .select({ sections: composedPapers.sections })
      .from(composedPapers)
      .where(and(eq(composedPapers.id, source.composedPaperId), eq(composedPapers.userId, teacherId)));
    if (!paper) throw badRequest('组卷不存在');
    entries = paper.sections.flatMap((s) => s.questions.map((q) => ({ questionId: q.questionId, score: q.score })));
  }
  const seen = new Set<number>();
  entries = entries.filter((e) => !seen.has(e.questionId) && seen.add(e.questionId));
  if (!entries.length) throw badRequest('请至少选择一道题');
  if (entries.length > T.itemsMax) throw badRequest(`一份作业最多 ${T.itemsMax} 道题`);
  return entries;
}

/** Checks what a reading or resource assignment points at. @throws 400 when it does not exist. */
async function assertTarget(db: Db | Tx, body: AssignmentCreateBody): Promise<void> {
  if (body.kind === 'reading') {
    const [book] = await db
      .select({ pageCount: textbooks.pageCount })
      .from(textbooks)
      .where(eq(textbooks.id, body.reading.textbookId));
    if (!book) throw badRequest('教材不存在');
    if (book.pageCount && body.reading.pageTo > book.pageCount) throw badRequest(`本书共 ${book.pageCount} 页`);
    if (body.reading.chapterId) {
      const [ch] = await db
        .select({ id: textbookChapters.id })
        .from(textbookChapters)
        .where(
          and(
            eq(textbookChapters.id, body.reading.chapterId),
            eq(textbookChapters.textbookId, body.reading.textbookId),
          ),
        );
      if (!ch) throw badRequest('章节不属于该教材');
    }
  } else if (body.kind === 'resource') {
    const [r] = await db
      .select({ id: resources.id })
      .from(resources)
      .where(and(eq(resources.id, body.resourceId), eq(resources.status, 'published')));
    if (!r) throw badRequest('学习资源不存在');
  }
}

/**
 * Creates an assignment in `cls` (already checked to be the teacher's, active); answers its id.
 * Homework questions are loaded with `questionDetails` and copied into the items, their answers in
 * the contract's type (`withStoredAnswer`). Writes through `db` only: the route runs this, the read
 * of the created assignment and the check of its answer in one transaction, so a failure anywhere
 * leaves nothing written.
 */
export async function createAssignment(
  db: Db | Tx,
  cls: ClassRow,
  body: AssignmentCreateBody,
  now: Date,
  questionDetails: QuestionLoader,
): Promise<number> {
  const publishAt = body.publishAt ? new Date(body.publishAt) : now;
  const dueAt = new Date(body.dueAt);
  assertDates(publishAt, dueAt);
  if (dueAt <= publishAt) throw badRequest('截止时间必须晚于发布时间');
  await assertTarget(db, body);
  let items: (typeof teachingItems.$inferInsert)[] = [];
  if (body.kind === 'homework') {
    const entries = await homeworkQuestions(db, cls.teacherId, body.homework);
    const details = await questionDetails(
      db as Db,
      entries.map((e) => e.questionId),
    );
    const missing = entries.filter((e) => !details.has(e.questionId));
    if (missing.length) throw badRequest(`试题不存在：${missing.map((m) => m.questionId).join('、')}`);
    items = entries.map((e, i) => {
      const q = withStoredAnswer(details.get(e.questionId)!);
      return {
        assignmentId: 0,
        position: i + 1,
        questionId: q.id,
        grading: gradingModeOf(q),
        blanks: blanksOf(q),
        maxScore: e.score ?? q.score ?? body.defaultScore,
        question: q,
      };
    });
  }
  const [row] = await db
    .insert(teachingAssignments)
    .values({
      classId: cls.id,
      kind: body.kind,
      title: body.title,
      instructions: body.instructions || null,
      publishAt,
      dueAt,
      allowLate: body.allowLate,
      answerVisibility: body.answerVisibility,
      textbookId: body.kind === 'reading' ? body.reading.textbookId : null,
      chapterId: body.kind === 'reading' ? (body.reading.chapterId ?? null) : null,
      pageFrom: body.kind === 'reading' ? body.reading.pageFrom : null,
      pageTo: body.kind === 'reading' ? body.reading.pageTo : null,
      resourceId: body.kind === 'resource' ? body.resourceId : null,
      itemCount: items.length,
      maxScore: items.reduce((s, i) => s + i.maxScore, 0),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: teachingAssignments.id });
  if (items.length) await db.insert(teachingItems).values(items.map((i) => ({ ...i, assignmentId: row!.id })));
  return row!.id;
}

/** Applies an update of schedule and rules. @throws 400 when the due time would not follow the publication. */
export async function updateAssignment(db: Db, a: AssignmentRow, body: AssignmentUpdateBody, now: Date) {
  const publishAt = body.publishAt ? new Date(body.publishAt) : a.publishAt;
  const dueAt = body.dueAt ? new Date(body.dueAt) : a.dueAt;
  assertDates(publishAt, dueAt);
  // Only a change of the schedule is checked (an assignment past due may still change its rules).
  if ((body.publishAt || body.dueAt) && dueAt <= publishAt) throw badRequest('截止时间必须晚于发布时间');
  await db
    .update(teachingAssignments)
    .set({
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.instructions !== undefined ? { instructions: body.instructions || null } : {}),
      publishAt,
      dueAt,
      ...(body.allowLate !== undefined ? { allowLate: body.allowLate } : {}),
      ...(body.answerVisibility !== undefined ? { answerVisibility: body.answerVisibility } : {}),
      updatedAt: now,
    })
    .where(eq(teachingAssignments.id, a.id));
}

type Viewer = { id: number; role: 'teacher' | 'student' };

/** Assignment summaries of `rows` for the viewer, in order. */
export async function assignmentSummaries(
  db: Db | Tx,
  rows: { assignment: AssignmentRow; className: string }[],
  viewer: Viewer,
  now: Date,
): Promise<AssignmentSummary[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.assignment.id);
  const bookIds = [...new Set(rows.map((r) => r.assignment.textbookId).filter((x): x is number => !!x))];
  const chapterIds = [...new Set(rows.map((r) => r.assignment.chapterId).filter((x): x is number => !!x))];
  const resourceIds = [...new Set(rows.map((r) => r.assignment.resourceId).filter((x): x is number => !!x))];
  const [books, chapters, res] = await Promise.all([
    bookIds.length
      ? db.select({ id: textbooks.id, title: textbooks.title }).from(textbooks).where(inArray(textbooks.id, bookIds))
      : [],
    chapterIds.length
      ? db
          .select({ id: textbookChapters.id, title: textbookChapters.title })
          .from(textbookChapters)
          .where(inArray(textbookChapters.id, chapterIds))
      : [],
    resourceIds.length
      ? db
          .select({ id: resources.id, title: resources.title })
          .from(resources)
          .where(inArray(resources.id, resourceIds))
      : [],
  ]);
  const title = (list: { id: number; title: string }[], id: number | null) =>
    id ? (list.find((x) => x.id === id)?.title ?? null) : null;

  const stats = new Map<number, NonNullable<AssignmentSummary['stats']>>();
  const mine = new Map<number, SubmissionRow>();
  if (viewer.role === 'teacher') {
    const classIds = [...new Set(rows.map((r) => r.assignment.classId))];
    const [members, subs, open] = await Promise.all([
      db
        .select({ classId: teachingMembers.classId, n: count() })
        .from(teachingMembers)
        .where(and(inArray(teachingMembers.classId, classIds), eq(teachingMembers.status, 'active')))
        .groupBy(teachingMembers.classId),
      db
        .select({ assignmentId: teachingSubmissions.assignmentId, status: teachingSubmissions.status, n: count() })
        .from(teachingSubmissions)
        .where(inArray(teachingSubmissions.assignmentId, ids))
        .groupBy(teachingSubmissions.assignmentId, teachingSubmissions.status),
      db
        .select({
          assignmentId: teachingSubmissions.assignmentId,
          n: sql<number>`count(distinct ${teachingSubmissions.id})::int`,
        })
        .from(teachingAnswers)
        .innerJoin(teachingSubmissions, eq(teachingSubmissions.id, teachingAnswers.submissionId))
        .where(
          and(
            inArray(teachingSubmissions.assignmentId, ids),
            eq(teachingSubmissions.status, 'submitted'),
            isNull(teachingAnswers.score),
          ),
        )
        .groupBy(teachingSubmissions.assignmentId),
    ]);
    for (const r of rows) {
      const id = r.assignment.id;
      const n = (s: string) => subs.find((x) => x.assignmentId === id && x.status === s)?.n ?? 0;
      stats.set(id, {
        students: members.find((m) => m.classId === r.assignment.classId)?.n ?? 0,
        submitted: n('submitted') + n('graded'),
        graded: n('graded'),
        toGrade: open.find((o) => o.assignmentId === id)?.n ?? 0,
      });
    }
  } else {
    const subs = await db
      .select()
      .from(teachingSubmissions)
      .where(and(inArray(teachingSubmissions.assignmentId, ids), eq(teachingSubmissions.userId, viewer.id)));
    for (const s of subs) mine.set(s.assignmentId, s);
  }

  return rows.map(({ assignment: a, className }) => {
    const s = mine.get(a.id);
    return {
      id: a.id,
      classId: a.classId,
      className,
      kind: a.kind as AssignmentKind,
      title: a.title,
      instructions: a.instructions,
      publishAt: a.publishAt.toISOString(),
      dueAt: a.dueAt.toISOString(),
      allowLate: a.allowLate,
      answerVisibility: a.answerVisibility as AnswerVisibility,
      state: stateOf(a, now),
      itemCount: a.itemCount,
      maxScore: a.maxScore,
      target: {
        textbookId: a.textbookId,
        textbookTitle: title(books, a.textbookId),
        chapterId: a.chapterId,
        chapterTitle: title(chapters, a.chapterId),
        pageFrom: a.pageFrom,
        pageTo: a.pageTo,
        resourceId: a.resourceId,
        resourceTitle: title(res, a.resourceId),
      },
      stats: viewer.role === 'teacher' ? (stats.get(a.id) ?? null) : null,
      myStatus: viewer.role === 'student' ? ((s?.status as SubmissionStatus | undefined) ?? 'notStarted') : null,
      myScore: viewer.role === 'student' && s?.status === 'graded' ? s.score : null,
      myLate: viewer.role === 'student' ? (s?.late ?? false) : null,
      createdAt: a.createdAt.toISOString(),
    };
  });
}

/** The assignments of a class for the viewer: all for the teacher, published ones for a member; newest due first. */
export async function classAssignments(db: Db, cls: ClassRow, viewer: Viewer, now: Date) {
  const rows = await db
    .select()
    .from(teachingAssignments)
    .where(
      and(
        eq(teachingAssignments.classId, cls.id),
        viewer.role === 'teacher' ? undefined : lte(teachingAssignments.publishAt, now),
      ),
    )
    .orderBy(desc(teachingAssignments.dueAt), desc(teachingAssignments.id));
  return assignmentSummaries(
    db,
    rows.map((assignment) => ({ assignment, className: cls.name })),
    viewer,
    now,
  );
}

/** 我的作业: published assignments of the student's active classes, by tab, newest due first. */
export async function myAssignments(
  db: Db,
  userId: number,
  q: {
    tab?: 'todo' | 'submitted' | 'graded' | undefined;
    classId?: number | undefined;
    page: number;
    pageSize: number;
  },
  now: Date,
) {
  const status = teachingSubmissions.status;
  const tabFilter =
    q.tab === 'todo'
      ? or(isNull(status), inArray(status, ['inProgress', 'returned']))
      : q.tab === 'submitted'
        ? eq(status, 'submitted')
        : q.tab === 'graded'
          ? eq(status, 'graded')
          : undefined;
  const where = and(
    eq(teachingMembers.userId, userId),
    eq(teachingMembers.status, 'active'),
    lte(teachingAssignments.publishAt, now),
    q.classId ? eq(teachingAssignments.classId, q.classId) : undefined,
    tabFilter,
  );
  const base = () =>
    db
      .select({ assignment: teachingAssignments, className: teachingClasses.name })
      .from(teachingAssignments)
      .innerJoin(teachingClasses, eq(teachingClasses.id, teachingAssignments.classId))
      .innerJoin(
        teachingMembers,
        and(eq(teachingMembers.classId, teachingAssignments.classId), eq(teachingMembers.userId, userId)),
      )
      .leftJoin(
        teachingSubmissions,
        and(eq(teachingSubmissions.assignmentId, teachingAssignments.id), eq(teachingSubmissions.userId, userId)),
      )
      .where(where);
  const [rows, [total]] = await Promise.all([
    base()
      .orderBy(desc(teachingAssignments.dueAt), desc(teachingAssignments.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(teachingAssignments)
      .innerJoin(
        teachingMembers,
        and(eq(teachingMembers.classId, teachingAssignments.classId), eq(teachingMembers.userId, userId)),
      )
      .leftJoin(
        teachingSubmissions,
        and(eq(teachingSubmissions.assignmentId, teachingAssignments.id), eq(teachingSubmissions.userId, userId)),
      )
      .where(where),
  ]);
  return { items: await assignmentSummaries(db, rows, { id: userId, role: 'student' }, now), total: total?.n ?? 0 };
}

export type ItemRow = typeof teachingItems.$inferSelect;

/** The items of an assignment in order. */
export async function itemsOf(db: Db | Tx, assignmentId: number): Promise<ItemRow[]> {
  return db
    .select()
    .from(teachingItems)
    .where(eq(teachingItems.assignmentId, assignmentId))
    .orderBy(asc(teachingItems.position));
}

/**
 * Whose options are shown in a learner's own order: the student's, while the answers are hidden
 * from them (`secret` is the server's; see lib/option-order.ts). Once answers show, every option is
 * shown in the question's own order, so the answer and the analysis (故选B) read as written.
 */
export interface StudentOrder {
  secret: string;
  userId: number;
  assignmentId: number;
}

/** The seed of a student's option order of one item. */
function orderSeed(o: StudentOrder, itemId: number): string {
  return `homework:${o.assignmentId}:${o.userId}:${itemId}`;
}

/** The options of a choice item as `order`'s student sees them; null for other items or no order. */
export function itemOptionView(item: ItemRow, order: StudentOrder | null) {
  const options = item.question.options;
  if (!order || item.grading !== 'choice' || !options?.length) return null;
  return optionView(options, order.secret, orderSeed(order, item.id));
}

/** A choice response's keys from the student's display keys to the item's own (other responses as they are). */
export function responseToOwn(item: ItemRow, response: AnswerResponse, order: StudentOrder | null): AnswerResponse {
  const view = response.kind === 'choice' ? itemOptionView(item, order) : null;
  return view && response.kind === 'choice' ? { kind: 'choice', keys: mapKeys(response.keys, view.toOwn) } : response;
}

/** A stored choice response's keys from the item's own keys to the student's display keys. */
export function responseToDisplay(item: ItemRow, response: AnswerResponse, order: StudentOrder | null): AnswerResponse {
  const view = response.kind === 'choice' ? itemOptionView(item, order) : null;
  return view && response.kind === 'choice'
    ? { kind: 'choice', keys: mapKeys(response.keys, view.toDisplay) }
    : response;
}

/**
 * An item as the contract's question; answer and analysis only when `withAnswers`. A student
 * (`order` given) never sees the bank's question id, and sees options in their own order.
 */
export function toQuestion(item: ItemRow, withAnswers: boolean, order: StudentOrder | null = null): AssignmentQuestion {
  const q: QuestionDetail = item.question;
  const view = itemOptionView(item, order);
  return {
    itemId: item.id,
    position: item.position,
    questionId: order ? null : item.questionId,
    type: q.type,
    grading: item.grading as AssignmentQuestion['grading'],
    stem: q.stem,
    options: view ? view.options : q.options,
    passage: q.passage,
    blanks: item.blanks,
    maxScore: item.maxScore,
    knowledgePoints: q.knowledgePoints,
    answer: withAnswers ? storedAnswer(q.answer) : null,
    analysis: withAnswers ? q.analysis : null,
  };
}

/**
 * The assignment with its questions; answers included when `withAnswers`. For a student, pass
 * `order` while the answers are hidden from them (their option order; no bank ids either way).
 */
export async function assignmentDetail(
  db: Db | Tx,
  a: AssignmentRow,
  cls: ClassRow,
  viewer: Viewer,
  withAnswers: boolean,
  now: Date,
  order: StudentOrder | null = null,
): Promise<AssignmentDetail> {
  const [summary] = await assignmentSummaries(db, [{ assignment: a, className: cls.name }], viewer, now);
  const items = await itemsOf(db, a.id);
  const questions = items.map((i) => toQuestion(i, withAnswers, order));
  // A student never sees the bank's ids, whether or not the options are in their own order.
  if (viewer.role === 'student') for (const q of questions) q.questionId = null;
  return { ...summary!, questions };
}
