/**
 * Demo seed of the teaching area (docs/demo-accounts.md): when demo content is seeded and
 * `demo_teacher` has no class yet, creates the class 七年级（1）班 数学 with the fixed join code
 * DEMO_JOIN_CODE, joins `demo_student`, and publishes a homework of five real questions of the
 * question bank (three choice, one fill-in, one open question when the bank holds them), due in
 * 14 days. Runs after the accounts and question-bank seeders.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { dictionary, questions, teachingClasses, teachingMembers, users } from '../../db/schema';
import type { Seeder } from '../../seed/seeder';
import type { QuestionLoader } from './routes-common';
import { createAssignment } from './assignments';

/** The demo class's join code (letters and digits of JOIN_CODE_ALPHABET). */
export const DEMO_JOIN_CODE = 'MATH67';
const TEACHER_PHONE = '13800000002';
const STUDENT_PHONE = '13800000001';

/** The demo seeder; `questionDetails` loads the questions of the demo homework (the question bank's loader). */
export const teachingSeeder =
  (questionDetails: QuestionLoader): Seeder =>
  async ({ db, demo, log }) => {
    if (!demo) return;
    const people = await db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(inArray(users.phone, [TEACHER_PHONE, STUDENT_PHONE]));
    const teacher = people.find((p) => p.phone === TEACHER_PHONE);
    const student = people.find((p) => p.phone === STUDENT_PHONE);
    if (!teacher) return;
    const [owned] = await db
      .select({ n: count() })
      .from(teachingClasses)
      .where(eq(teachingClasses.teacherId, teacher.id));
    if ((owned?.n ?? 0) > 0) return;
    const pick = async (kind: string, name: string) =>
      (
        await db
          .select({ id: dictionary.id })
          .from(dictionary)
          .where(and(eq(dictionary.kind, kind), eq(dictionary.name, name)))
      )[0]?.id ??
      (
        await db
          .select({ id: dictionary.id })
          .from(dictionary)
          .where(eq(dictionary.kind, kind))
          .orderBy(asc(dictionary.sortOrder))
          .limit(1)
      )[0]?.id;
    const gradeId = await pick('grade', '七年级');
    const subjectId = await pick('subject', '数学');
    if (!gradeId || !subjectId) return;
    const now = new Date();
    const [cls] = await db
      .insert(teachingClasses)
      .values({
        teacherId: teacher.id,
        name: '七年级（1）班 数学',
        school: '演示学校',
        gradeId,
        subjectId,
        joinCode: DEMO_JOIN_CODE,
        joinMode: 'auto',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!cls) return;
    if (student)
      await db
        .insert(teachingMembers)
        .values({ classId: cls.id, userId: student.id, status: 'active', joinedAt: now })
        .onConflictDoNothing();
    const ofType = async (type: string, n: number) =>
      (
        await db
          .select({ id: questions.id })
          .from(questions)
          .where(and(eq(questions.subjectId, subjectId), eq(questions.type, type)))
          .orderBy(asc(questions.id))
          .limit(n)
      ).map((q) => q.id);
    const ids = [...(await ofType('单选题', 3)), ...(await ofType('填空题', 1)), ...(await ofType('解答题', 1))];
    if (!ids.length) {
      log.info('teaching demo: no questions in the bank, the demo class has no homework');
      return;
    }
    // The assignment and its items together (createAssignment writes through the handle it gets).
    await db.transaction((tx) =>
      createAssignment(
        tx,
        cls,
        {
          kind: 'homework',
          title: '第一次课后练习',
          instructions: '请独立完成，选择题提交后立即批改。',
          dueAt: new Date(now.getTime() + 14 * 24 * 3600 * 1000).toISOString(),
          allowLate: true,
          answerVisibility: 'afterSubmit',
          homework: { from: 'questions', questionIds: ids },
          defaultScore: 5,
        },
        now,
        questionDetails,
      ),
    );
    log.info({ classId: cls.id }, 'teaching demo class created');
  };
