/**
 * Reports (docs/teaching.md, Reports): the submission list and report of one assignment (per
 * student and per question: accuracy, common wrong responses, time spent), the class grade table,
 * its Excel export (exceljs; the same numbers as `classReport`) and the teacher's grading queue.
 */
import {
  type AssignmentReport,
  type ClassReport,
  type GradingMode,
  type GradingQueueItem,
  type ReportQuestion,
  type SubmissionRow as SubmissionListRow,
  type SubmissionStatus,
  type AssignmentKind,
} from '@eav/contract';
import ExcelJS from 'exceljs';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  teachingAnswers,
  teachingAssignments,
  teachingClasses,
  teachingMembers,
  teachingSubmissions,
  users,
} from '../../db/schema';
import { displayName, type AssignmentRow, type ClassRow } from './access';
import { assignmentSummaries, itemsOf } from './assignments';
import { responseKey } from './grading';

/** Active members of a class with display names, by name then id. */
async function activeStudents(db: Db, classId: number) {
  const rows = await db
    .select({ userId: teachingMembers.userId, userName: users.userName, realName: users.realName })
    .from(teachingMembers)
    .innerJoin(users, eq(users.id, teachingMembers.userId))
    .where(and(eq(teachingMembers.classId, classId), eq(teachingMembers.status, 'active')))
    .orderBy(asc(teachingMembers.joinedAt), asc(teachingMembers.userId));
  return rows.map((r) => ({ userId: r.userId, name: displayName(r) }));
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Every active member's row of an assignment's grading list (not started ones included). */
export async function submissionList(db: Db, a: AssignmentRow): Promise<SubmissionListRow[]> {
  const [students, subs, open] = await Promise.all([
    activeStudents(db, a.classId),
    db.select().from(teachingSubmissions).where(eq(teachingSubmissions.assignmentId, a.id)),
    db
      .select({ submissionId: teachingAnswers.submissionId })
      .from(teachingAnswers)
      .innerJoin(teachingSubmissions, eq(teachingSubmissions.id, teachingAnswers.submissionId))
      .where(and(eq(teachingSubmissions.assignmentId, a.id), isNull(teachingAnswers.score))),
  ]);
  const byUser = new Map(subs.map((s) => [s.userId, s]));
  return students.map((st) => {
    const s = byUser.get(st.userId);
    const status = (s?.status ?? 'notStarted') as SubmissionStatus;
    return {
      submissionId: s?.id ?? null,
      userId: st.userId,
      name: st.name,
      status,
      score: s?.score ?? null,
      late: s?.late ?? false,
      submittedAt: s?.submittedAt?.toISOString() ?? null,
      toGrade: status === 'submitted' ? open.filter((o) => o.submissionId === s!.id).length : 0,
    };
  });
}

/** The report of an assignment: per student, and per question over submitted work. */
export async function assignmentReport(db: Db, a: AssignmentRow, cls: ClassRow, now: Date): Promise<AssignmentReport> {
  const [[summary], rows, items] = await Promise.all([
    assignmentSummaries(db, [{ assignment: a, className: cls.name }], { id: cls.teacherId, role: 'teacher' }, now),
    submissionList(db, a),
    itemsOf(db, a.id),
  ]);
  const subs = await db.select().from(teachingSubmissions).where(eq(teachingSubmissions.assignmentId, a.id));
  const counted = new Set(subs.filter((s) => s.status === 'submitted' || s.status === 'graded').map((s) => s.id));
  const answers = counted.size
    ? (
        await db
          .select()
          .from(teachingAnswers)
          .where(inArray(teachingAnswers.submissionId, [...counted]))
      ).filter((x) => counted.has(x.submissionId))
    : [];
  const bySub = new Map(subs.map((s) => [s.userId, s]));
  const students = rows.map((r) => {
    const s = bySub.get(r.userId);
    const mine = s ? answers.filter((x) => x.submissionId === s.id) : [];
    return {
      userId: r.userId,
      name: r.name,
      status: r.status,
      score: r.status === 'graded' ? r.score : null,
      late: r.late,
      submittedAt: r.submittedAt,
      timeSpentSeconds: s?.timeSpentSeconds ?? 0,
      correctCount: mine.filter((x) => x.correct === true).length,
    };
  });
  const questions: ReportQuestion[] = items.map((item) => {
    const its = answers.filter((x) => x.itemId === item.id);
    const graded = its.filter((x) => x.score !== null);
    const correct = graded.filter((x) => x.correct === true).length;
    const wrong = new Map<string, number>();
    for (const x of graded)
      if (x.correct === false && item.grading !== 'open') {
        const k = responseKey(x.response);
        wrong.set(k, (wrong.get(k) ?? 0) + 1);
      }
    return {
      itemId: item.id,
      position: item.position,
      questionId: item.questionId,
      type: item.question.type,
      grading: item.grading as GradingMode,
      stem: item.question.stem,
      maxScore: item.maxScore,
      answered: its.length,
      correct,
      accuracy: graded.length ? round2(correct / graded.length) : null,
      averageScore: graded.length ? round2(graded.reduce((s, x) => s + (x.score ?? 0), 0) / graded.length) : null,
      averageTimeSeconds: its.length ? round2(its.reduce((s, x) => s + x.timeSpentSeconds, 0) / its.length) : null,
      commonWrong: [...wrong.entries()]
        .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
        .slice(0, 5)
        .map(([value, count]) => ({ value, count })),
    };
  });
  const scored = students.filter((s) => s.score !== null);
  return {
    assignment: summary!,
    students,
    questions,
    averageScore: scored.length ? round2(scored.reduce((s, x) => s + x.score!, 0) / scored.length) : null,
    submittedCount: students.filter((s) => s.status === 'submitted' || s.status === 'graded').length,
    studentCount: students.length,
  };
}

/**
 * The grade table of a class: every published assignment (oldest due first) × every active member.
 * A score is shown only for graded work; `total` adds the shown scores.
 */
export async function classReport(db: Db, cls: ClassRow, now: Date): Promise<ClassReport> {
  const [assignments, students] = await Promise.all([
    db
      .select()
      .from(teachingAssignments)
      .where(and(eq(teachingAssignments.classId, cls.id), lte(teachingAssignments.publishAt, now)))
      .orderBy(asc(teachingAssignments.dueAt), asc(teachingAssignments.id)),
    activeStudents(db, cls.id),
  ]);
  const subs = assignments.length
    ? await db
        .select({
          assignmentId: teachingSubmissions.assignmentId,
          userId: teachingSubmissions.userId,
          status: teachingSubmissions.status,
          score: teachingSubmissions.score,
        })
        .from(teachingSubmissions)
        .where(
          inArray(
            teachingSubmissions.assignmentId,
            assignments.map((x) => x.id),
          ),
        )
    : [];
  const key = (aId: number, uId: number) => `${aId}:${uId}`;
  const byKey = new Map(subs.map((s) => [key(s.assignmentId, s.userId), s]));
  const memberIds = new Set(students.map((s) => s.userId));
  const rows = students.map((st) => {
    const cells = assignments.map((a) => byKey.get(key(a.id, st.userId)));
    const scores = cells.map((c) => (c?.status === 'graded' ? c.score : null));
    return {
      userId: st.userId,
      name: st.name,
      scores,
      statuses: cells.map((c) => (c?.status ?? 'notStarted') as SubmissionStatus),
      total: round2(scores.reduce<number>((s, x) => s + (x ?? 0), 0)),
      submittedCount: cells.filter((c) => c && c.status !== 'inProgress').length,
    };
  });
  return {
    classId: cls.id,
    className: cls.name,
    assignments: assignments.map((a) => {
      const mine = subs.filter((s) => s.assignmentId === a.id && memberIds.has(s.userId));
      const graded = mine.filter((s) => s.status === 'graded' && s.score !== null);
      return {
        id: a.id,
        title: a.title,
        kind: a.kind as AssignmentKind,
        maxScore: a.maxScore,
        dueAt: a.dueAt.toISOString(),
        submittedCount: mine.filter((s) => s.status !== 'inProgress').length,
        averageScore: graded.length ? round2(graded.reduce((s, x) => s + x.score!, 0) / graded.length) : null,
      };
    }),
    rows,
  };
}

/** Header cells of the export's first row; assignment columns follow 姓名 and precede 总分 and 完成数. */
export const EXPORT_HEADERS = { name: '姓名', total: '总分', submitted: '完成数', average: '平均分' } as const;

/**
 * The class report as an .xlsx workbook (sheet 成绩): row 1 the headers (姓名, each assignment
 * `title（满分 n）`, 总分, 完成数), one row per student (empty cell = no score), a last row 平均分.
 */
export async function classReportWorkbook(report: ClassReport): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date(0);
  const ws = wb.addWorksheet('成绩');
  ws.addRow([
    EXPORT_HEADERS.name,
    ...report.assignments.map((a) => `${a.title}（满分 ${a.maxScore}）`),
    EXPORT_HEADERS.total,
    EXPORT_HEADERS.submitted,
  ]);
  for (const r of report.rows) ws.addRow([r.name, ...r.scores.map((s) => s ?? null), r.total, r.submittedCount]);
  ws.addRow([EXPORT_HEADERS.average, ...report.assignments.map((a) => a.averageScore ?? null), null, null]);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c, i) => {
    c.width = i === 0 ? 14 : 18;
  });
  ws.views = [{ state: 'frozen', xSplit: 1, ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Submitted work with open answers to grade in the classes of `teacherId`, oldest first. */
export async function gradingQueue(db: Db, teacherId: number): Promise<GradingQueueItem[]> {
  const rows = await db
    .select({
      submissionId: teachingSubmissions.id,
      assignmentId: teachingAssignments.id,
      assignmentTitle: teachingAssignments.title,
      classId: teachingClasses.id,
      className: teachingClasses.name,
      userId: users.id,
      userName: users.userName,
      realName: users.realName,
      submittedAt: teachingSubmissions.submittedAt,
      itemId: teachingAnswers.itemId,
    })
    .from(teachingSubmissions)
    .innerJoin(teachingAssignments, eq(teachingAssignments.id, teachingSubmissions.assignmentId))
    .innerJoin(teachingClasses, eq(teachingClasses.id, teachingAssignments.classId))
    .innerJoin(users, eq(users.id, teachingSubmissions.userId))
    .innerJoin(teachingAnswers, eq(teachingAnswers.submissionId, teachingSubmissions.id))
    .where(
      and(
        eq(teachingClasses.teacherId, teacherId),
        eq(teachingSubmissions.status, 'submitted'),
        isNull(teachingAnswers.score),
      ),
    )
    .orderBy(asc(teachingSubmissions.submittedAt), asc(teachingSubmissions.id))
    .limit(2000);
  const out = new Map<number, GradingQueueItem>();
  for (const r of rows) {
    const cur = out.get(r.submissionId);
    if (cur) cur.toGrade++;
    else
      out.set(r.submissionId, {
        submissionId: r.submissionId,
        assignmentId: r.assignmentId,
        assignmentTitle: r.assignmentTitle,
        classId: r.classId,
        className: r.className,
        userId: r.userId,
        name: displayName(r),
        submittedAt: (r.submittedAt ?? new Date(0)).toISOString(),
        toGrade: 1,
      });
  }
  return [...out.values()];
}
