/**
 * 研修档案 and 我的研修 (docs/training.md, Archive): completed courses grouped by school year
 * (1 September – 31 August, Beijing time) with their hours, newest first, and its Excel export.
 */
import { inBeijing, type TrainingArchive, type TrainingMineItem } from '@eav/contract';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import {
  trainingAttempts,
  trainingCertificates,
  trainingCourses,
  trainingEnrolments,
  trainingProgress,
} from '../../db/schema';
import { beijingDate } from './certificates';
import { courseCards } from './courses';

/** The school year (`2025-2026`) of an instant: years start on 1 September, Beijing time. */
export function schoolYearOf(at: Date): string {
  const b = inBeijing(at);
  if (!b) throw new RangeError(`not an instant: ${String(at)}`);
  const start = b.month() >= 8 ? b.year() : b.year() - 1;
  return `${start}-${start + 1}`;
}

/** Hours summed without float noise (hours are multiples of 0.5). */
const sumHours = (hs: number[]) => Math.round(hs.reduce((a, b) => a + b, 0) * 10) / 10;

/** The user's archive. */
export async function archiveOf(db: Db, userId: number): Promise<TrainingArchive> {
  const rows = await db
    .select({
      courseId: trainingEnrolments.courseId,
      title: trainingCourses.title,
      hours: trainingEnrolments.creditedHours,
      completedAt: trainingEnrolments.completedAt,
    })
    .from(trainingEnrolments)
    .innerJoin(trainingCourses, eq(trainingCourses.id, trainingEnrolments.courseId))
    .where(and(eq(trainingEnrolments.userId, userId), isNotNull(trainingEnrolments.completedAt)))
    .orderBy(desc(trainingEnrolments.completedAt));
  const certs = await db
    .select({
      courseId: trainingCertificates.courseId,
      code: trainingCertificates.code,
      revokedAt: trainingCertificates.revokedAt,
    })
    .from(trainingCertificates)
    .where(eq(trainingCertificates.userId, userId));
  const years = new Map<string, TrainingArchive['years'][number]>();
  for (const r of rows) {
    const key = schoolYearOf(r.completedAt!);
    const year = years.get(key) ?? { schoolYear: key, hours: 0, courses: [] };
    const cert = certs.find((c) => c.courseId === r.courseId && !c.revokedAt);
    year.courses.push({
      courseId: r.courseId,
      title: r.title,
      creditHours: r.hours ?? 0,
      completedAt: r.completedAt!.toISOString(),
      certificateCode: cert?.code ?? null,
    });
    year.hours = sumHours(year.courses.map((c) => c.creditHours));
    years.set(key, year);
  }
  const list = [...years.values()].sort((a, b) => b.schoolYear.localeCompare(a.schoolYear));
  return { totalHours: sumHours(list.map((y) => y.hours)), years: list };
}

/** The archive as an .xlsx workbook (sheet 研修档案: 学年, 课程, 学时, 完成日期, 证书编号; a 合计 row per year). */
export async function archiveWorkbook(archive: TrainingArchive, holder: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date(0);
  const ws = wb.addWorksheet('研修档案');
  ws.addRow([`${holder} 的研修档案`]);
  ws.addRow(['学年', '课程', '学时', '完成日期', '证书编号']);
  for (const y of archive.years) {
    for (const c of y.courses)
      ws.addRow([y.schoolYear, c.title, c.creditHours, beijingDate(new Date(c.completedAt)), c.certificateCode ?? '']);
    ws.addRow([y.schoolYear, '合计', y.hours, '', '']);
  }
  ws.addRow(['全部', '总计', archive.totalHours, '', '']);
  ws.getRow(1).font = { bold: true, size: 14 };
  ws.getRow(2).font = { bold: true };
  ws.columns = [{ width: 14 }, { width: 40 }, { width: 8 }, { width: 18 }, { width: 24 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** 我的研修: the user's enrolments, newest first. */
export async function mineOf(db: Db, userId: number): Promise<TrainingMineItem[]> {
  const rows = await db
    .select()
    .from(trainingEnrolments)
    .where(eq(trainingEnrolments.userId, userId))
    .orderBy(desc(trainingEnrolments.enrolledAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.courseId);
  const cards = await courseCards(db, ids);
  const progress = await db
    .select({ courseId: trainingProgress.courseId })
    .from(trainingProgress)
    .where(
      and(
        eq(trainingProgress.userId, userId),
        isNotNull(trainingProgress.completedAt),
        inArray(trainingProgress.courseId, ids),
      ),
    );
  const certs = await db
    .select()
    .from(trainingCertificates)
    .where(and(eq(trainingCertificates.userId, userId), inArray(trainingCertificates.courseId, ids)));
  const passedRows = await db
    .selectDistinct({ courseId: trainingAttempts.courseId })
    .from(trainingAttempts)
    .where(and(eq(trainingAttempts.userId, userId), eq(trainingAttempts.passed, true)));
  const passed = new Set(passedRows.map((r) => r.courseId));
  return rows.flatMap((r) => {
    const course = cards.find((c) => c.id === r.courseId);
    if (!course) return [];
    const cert = certs.find((c) => c.courseId === r.courseId);
    return [
      {
        course,
        enrolledAt: r.enrolledAt.toISOString(),
        watchedLessons: progress.filter((p) => p.courseId === r.courseId).length,
        quizPassed: passed.has(r.courseId),
        completedAt: r.completedAt?.toISOString() ?? null,
        creditedHours: r.creditedHours,
        certificate: cert
          ? { id: cert.id, code: cert.code, issuedAt: cert.issuedAt.toISOString(), revoked: cert.revokedAt !== null }
          : null,
      },
    ];
  });
}
