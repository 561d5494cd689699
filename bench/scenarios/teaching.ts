/**
 * Teaching benchmarks (docs/teaching.md): the submission endpoint, autosave, and the reports of a class of 50
 * students with 40 homework assignments of 5 real questions each (38 answered and graded by every student), on
 * PGlite and, when reachable, PostgreSQL.
 *
 * The class is prepared in the database before the server starts: the real TAL-SCQ5K questions are imported
 * with the product's importer, assignments are created with the product's own service (questions copied from
 * the bank), and the graded work of 38 assignments is inserted in bulk (50 × 38 submissions, 5 answers each).
 * Load: `POST …/submission/submit` of assignment 39 by the 50 students in turn (the first round grades, the rest
 * are the idempotent repeat a flaky phone sends), `PUT …/submission/answers` of assignment 40 (always a write),
 * `GET …/classes/{id}/report` (50 × 40 table) and `GET …/assignments/{id}/report`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ApiPaths } from '@eav/contract';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import {
  dictionary,
  questions,
  sessions,
  teachingAnswers,
  teachingClasses,
  teachingItems,
  teachingMembers,
  teachingSubmissions,
  users,
} from '../../apps/server/src/db/schema';
import { runImport } from '../../apps/server/src/features/question-bank/importers';
import { questionDetails } from '../../apps/server/src/features/question-bank/questions';
import { createAssignment } from '../../apps/server/src/features/teaching/assignments';
import { autoGrade, choiceKeys } from '../../apps/server/src/features/teaching/grading';
import { sha256Hex } from '../../apps/server/src/lib/tokens';
import { seedDictionaries } from '../../apps/server/src/seed/dictionaries';
import { startServer, type BenchContext, type LoadScenario, type ScenarioModule, type ScenarioState } from '../run';
import { PG_SHOWN_URL, freshDatabase, pgReachable } from '../pg';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const STUDENTS = 50;
const ASSIGNMENTS = 40;
const GRADED = 38;
const PER_ASSIGNMENT = 5;

type Engine = 'pglite' | 'postgres';

interface Fixture {
  teacherToken: string;
  studentTokens: string[];
  classId: number;
  submitId: number;
  autosaveId: number;
  autosaveItem: number;
  reportId: number;
}

async function session(database: Database, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await database.db
    .insert(sessions)
    .values({ userId, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + 86400_000) });
  return token;
}

/** Builds the class: teacher, 50 students, 40 assignments, graded work on 38 of them. */
async function buildClass(database: Database, ctx: BenchContext): Promise<Fixture> {
  const t0 = Date.now();
  const db = database.db;
  await seedDictionaries(db);
  const lines = fs.readFileSync(path.join(ROOT, 'data', 'questions-tal-math.jsonl'), 'utf8').split('\n');
  await runImport(db, 'questions', lines.slice(0, ASSIGNMENTS * PER_ASSIGNMENT).join('\n'));
  const qIds = (await db.select({ id: questions.id }).from(questions).orderBy(asc(questions.id))).map((q) => q.id);
  const [teacher] = await db
    .insert(users)
    .values({ userName: 'bench_teacher', roles: ['teacher'] })
    .returning();
  const students = await db
    .insert(users)
    .values(Array.from({ length: STUDENTS }, (_, i) => ({ userName: `bench_student_${i}`, roles: ['student'] })))
    .returning({ id: users.id });
  const dict = async (kind: string) =>
    (await db.select({ id: dictionary.id }).from(dictionary).where(eq(dictionary.kind, kind)).limit(1))[0]!.id;
  const now = new Date();
  const [cls] = await db
    .insert(teachingClasses)
    .values({
      teacherId: teacher!.id,
      name: '基准测试班',
      school: '基准学校',
      gradeId: await dict('grade'),
      subjectId: await dict('subject'),
      joinCode: 'MATH99',
    })
    .returning();
  await db
    .insert(teachingMembers)
    .values(students.map((s) => ({ classId: cls!.id, userId: s.id, status: 'active', joinedAt: now })));
  const assignmentIds: number[] = [];
  for (let a = 0; a < ASSIGNMENTS; a++)
    assignmentIds.push(
      await createAssignment(
        db,
        cls!,
        {
          kind: 'homework',
          title: `练习 ${a + 1}`,
          dueAt: new Date(now.getTime() + 30 * 86400_000).toISOString(),
          allowLate: true,
          answerVisibility: 'afterSubmit',
          homework: { from: 'questions', questionIds: qIds.slice(a * PER_ASSIGNMENT, (a + 1) * PER_ASSIGNMENT) },
          defaultScore: 5,
        },
        now,
        questionDetails,
      ),
    );
  for (let a = 0; a < GRADED; a++) {
    const items = await db.select().from(teachingItems).where(eq(teachingItems.assignmentId, assignmentIds[a]!));
    const subs = await db
      .insert(teachingSubmissions)
      .values(
        students.map((s) => ({
          assignmentId: assignmentIds[a]!,
          userId: s.id,
          status: 'graded',
          submittedAt: now,
          gradedAt: now,
          timeSpentSeconds: 300,
        })),
      )
      .returning({ id: teachingSubmissions.id, userId: teachingSubmissions.userId });
    const answers = subs.flatMap((sub, si) =>
      items.map((item, ii) => {
        const right = choiceKeys(item.question.answer);
        const keys = (si + ii) % 3 === 0 ? ['A'] : right;
        const grade = autoGrade(
          { grading: 'choice', maxScore: item.maxScore, question: item.question },
          { kind: 'choice', keys },
        )!;
        return {
          submissionId: sub.id,
          itemId: item.id,
          response: { kind: 'choice' as const, keys },
          correct: grade.correct,
          score: grade.score,
          gradedBy: 'auto',
          timeSpentSeconds: 60,
        };
      }),
    );
    await db.insert(teachingAnswers).values(answers);
    for (const sub of subs) {
      const score = answers.filter((x) => x.submissionId === sub.id).reduce((s, x) => s + x.score, 0);
      await db.update(teachingSubmissions).set({ score }).where(eq(teachingSubmissions.id, sub.id));
    }
  }
  const [autosaveItem] = await db
    .select({ id: teachingItems.id })
    .from(teachingItems)
    .where(eq(teachingItems.assignmentId, assignmentIds[ASSIGNMENTS - 1]!))
    .orderBy(asc(teachingItems.position))
    .limit(1);
  const fixture: Fixture = {
    teacherToken: await session(database, teacher!.id),
    studentTokens: await Promise.all(students.map((s) => session(database, s.id))),
    classId: cls!.id,
    submitId: assignmentIds[GRADED]!,
    autosaveId: assignmentIds[ASSIGNMENTS - 1]!,
    autosaveItem: autosaveItem!.id,
    reportId: assignmentIds[0]!,
  };
  ctx.log(
    `teaching: class of ${STUDENTS} with ${ASSIGNMENTS} assignments prepared in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return fixture;
}

interface Prepared {
  env: Record<string, string>;
  fixture: Fixture;
  dispose(): Promise<void>;
}
const prepared = new Map<Engine, Promise<Prepared>>();

function prepare(engine: Engine, ctx: BenchContext): Promise<Prepared> {
  let p = prepared.get(engine);
  if (!p) {
    p = (async () => {
      if (engine === 'pglite') {
        const dataDir = ctx.tmpDir('eav-bench-teaching-');
        const database = await openDatabase({ dataDir });
        await database.migrate();
        const fixture = await buildClass(database, ctx);
        await database.close();
        return { env: { DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '' }, fixture, dispose: async () => {} };
      }
      const name = 'eav_bench_teaching';
      const fresh = await freshDatabase(name);
      const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
      await database.migrate();
      const fixture = await buildClass(database, ctx);
      await database.close();
      return {
        env: { DATA_DIR: ctx.tmpDir('eav-bench-teaching-pg-'), SEED_DEMO: 'false', DATABASE_URL: fresh.url },
        fixture,
        dispose: async () => {
          await fresh.drop();
        },
      };
    })();
    prepared.set(engine, p);
  }
  return p;
}

interface TeachingState extends ScenarioState {
  fixture: Fixture;
  stop(): Promise<void>;
}

function scenarios(engine: Engine): LoadScenario<TeachingState>[] {
  const label = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const setup = async (ctx: BenchContext): Promise<TeachingState> => {
    const prep = await prepare(engine, ctx);
    const server = await startServer({ kind: 'portal', env: prep.env });
    return { url: server.url, stop: server.stop, fixture: prep.fixture };
  };
  const teardown = (s: TeachingState) => s.stop();
  const last = (s: TeachingState): Promise<void> => s.stop().then(async () => (await prepared.get(engine))?.dispose());
  return [
    {
      name: `teaching submit (${label})`,
      description: `\`POST …/submission/submit\` by 50 students in turn (first round grades 5 choice items, then idempotent repeats; ${label}).`,
      setup,
      teardown,
      requests: (s) =>
        s.fixture.studentTokens.map((token) => ({
          method: 'POST' as const,
          path: ApiPaths.teachingWorkSubmit(s.fixture.submitId),
          token,
          body: {},
        })),
    },
    {
      name: `teaching autosave (${label})`,
      description: `\`PUT …/submission/answers\` of one choice item by 50 students in turn (an upsert each time; ${label}).`,
      setup,
      teardown,
      requests: (s) =>
        s.fixture.studentTokens.map((token, i) => ({
          method: 'PUT' as const,
          path: ApiPaths.teachingWorkAnswers(s.fixture.autosaveId),
          token,
          body: {
            answers: [
              {
                itemId: s.fixture.autosaveItem,
                response: { kind: 'choice', keys: [i % 2 ? 'A' : 'B'] },
                timeSpentSeconds: 5,
              },
            ],
          },
        })),
    },
    {
      name: `teaching class report (${label})`,
      description: `\`GET …/classes/{id}/report\`: 50 students × 40 assignments (${label}).`,
      setup,
      teardown,
      requests: (s) => [{ path: ApiPaths.teachingClassReport(s.fixture.classId), token: s.fixture.teacherToken }],
    },
    {
      name: `teaching assignment report (${label})`,
      description: `\`GET …/assignments/{id}/report\`: 50 graded submissions of 5 items (${label}).`,
      setup,
      teardown: last,
      requests: (s) => [{ path: ApiPaths.teachingAssignmentReport(s.fixture.reportId), token: s.fixture.teacherToken }],
    },
  ];
}

const withPg = await pgReachable();

const mod: ScenarioModule = {
  title: 'Teaching',
  intro: [
    'Smart teaching on a class of 50 students with 40 homework assignments of 5 real questions (TAL-SCQ5K), 38 of ' +
      'them answered and graded by every student (9,500 answers): submission, autosave and the two reports.',
    ...(withPg ? [] : [`PostgreSQL scenarios skipped: no server at ${PG_SHOWN_URL}.`]),
  ],
  scenarios: [...scenarios('pglite'), ...(withPg ? scenarios('postgres') : [])],
};

export default mod;
