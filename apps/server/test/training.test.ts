/**
 * Smart teacher training (docs/training.md): course definitions (admin API, validation, locked
 * structure), enrolment (teachers only), heartbeat credit rules with an injected clock (gap over
 * 60 s credits nothing, a second session earns nothing while the first beats), the quiz (fail,
 * pass, attempts), hours and the certificate at completion, verification (genuine, forged,
 * revoked, malformed), owner checks answering 404, the archive by school year and its export, and
 * erasure at account cancellation.
 */
import {
  ApiPaths,
  PLATFORM_NAME,
  type TrainingArchive,
  type TrainingCourseDefinition,
  type TrainingCourseDetail,
  type TrainingHeartbeatResult,
  type QuestionRead,
  type TrainingQuiz,
  type TrainingQuizResult,
  type TrainingVerifyResult,
} from '@eav/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dictionary,
  textbooks,
  trainingAttempts,
  trainingBeats,
  trainingCertificates,
  trainingEnrolments,
  trainingProgress,
  videos,
} from '../src/db/schema';
import { questionDetails } from '../src/features/question-bank/questions';
import { canonicalCode, maskName, newCertificateCode } from '../src/features/training/certificates';
import { schoolYearOf } from '../src/features/training/archive';
import { seedDictionaries } from '../src/seed/dictionaries';
import { TestClock } from './accounts-helpers';
import { api, useTestApp } from './helpers';
import {
  answerOf,
  createUser,
  dictId,
  importFixtureQuestions,
  newTeacher,
  questionIdsOf,
  type TestUser,
} from './teaching-helpers';

const clock = new TestClock();
const t = useTestApp({ clock: clock.fn });

let videoIds: number[] = [];
let quizIds: number[] = [];
let admin: TestUser;

beforeAll(async () => {
  const db = t.database.db;
  // The app (built per test) seeds the dictionaries; this runs before the first one.
  await seedDictionaries(db);
  await importFixtureQuestions(db);
  quizIds = (await questionIdsOf(db, '单选题')).slice(0, 2);
  const [edition] = await db
    .insert(dictionary)
    .values({ kind: 'edition', name: '研修测试版' })
    .returning({ id: dictionary.id });
  const [book] = await db
    .insert(textbooks)
    .values({
      externalId: 'training-test-book',
      title: '测试教材',
      stageId: await dictId(db, 'stage', '初中'),
      subjectId: await dictId(db, 'subject', '数学'),
      editionId: edition!.id,
    })
    .returning({ id: textbooks.id });
  const rows = await db
    .insert(videos)
    .values([
      {
        textbookId: book!.id,
        title: '微课一',
        source: 'videos/t/a.mp4',
        hlsSource: 'videos/t/hls/index.m3u8',
        durationSec: 100,
        access: 'activation',
      },
      { textbookId: book!.id, title: '微课二', source: 'videos/t/b.mp4', durationSec: 30 },
    ])
    .returning({ id: videos.id });
  videoIds = rows.map((r) => r.id);
  admin = await createUser(db, ['admin']);
}, 120_000);

let seq = 0;
function definition(extra: Partial<TrainingCourseDefinition> = {}): TrainingCourseDefinition {
  return {
    code: `test-course-${++seq}`,
    title: '测试研修课程',
    lecturer: '王老师',
    stage: '初中',
    subject: '数学',
    creditHours: 2.5,
    passMark: 60,
    documents: [{ title: '课程方案', url: 'https://example.cn/plan.pdf' }],
    modules: [
      { title: '模块一', lessons: [{ title: '第一课', videoId: videoIds[0]! }] },
      { title: '模块二', lessons: [{ title: '第二课', videoId: videoIds[1]! }] },
    ],
    quizQuestionIds: quizIds,
    ...extra,
  };
}

async function createCourse(extra: Partial<TrainingCourseDefinition> = {}): Promise<TrainingCourseDetail> {
  const res = await api(t.app, {
    method: 'POST',
    url: ApiPaths.adminTrainingCourses,
    token: admin.token,
    body: definition(extra),
  });
  expect(res.statusCode, res.body).toBe(200);
  return detail(res.json().data.id as number);
}

async function detail(id: number, user?: TestUser): Promise<TrainingCourseDetail> {
  const res = await api(t.app, { url: ApiPaths.trainingCourse(id), ...(user ? { token: user.token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TrainingCourseDetail;
}

const enrol = (u: TestUser, courseId: number) =>
  api(t.app, { method: 'POST', url: ApiPaths.trainingEnrol(courseId), token: u.token });

async function beat(u: TestUser, lessonId: number, sessionId: string): Promise<TrainingHeartbeatResult> {
  const res = await api(t.app, {
    method: 'POST',
    url: ApiPaths.trainingLessonHeartbeat(lessonId),
    token: u.token,
    body: { sessionId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TrainingHeartbeatResult;
}

/** Watches a lesson to its end with a heartbeat every 10 s of the test clock. */
async function watch(u: TestUser, lessonId: number, seconds: number, sessionId = `session-${lessonId}-${u.id}`) {
  await beat(u, lessonId, sessionId);
  let last: TrainingHeartbeatResult | undefined;
  for (let s = 0; s < seconds; s += 10) {
    clock.advance(10_000);
    last = await beat(u, lessonId, sessionId);
  }
  return last!;
}

/**
 * The right answers as `u`'s quiz shows them: quiz ids are positions and the options come in the
 * teacher's own order, so the bank's right options are looked up by their text.
 */
async function rightAnswers(u: TestUser, courseId: number): Promise<Record<string, string[]>> {
  const quiz = (await api(t.app, { url: ApiPaths.trainingQuiz(courseId), token: u.token })).json().data as TrainingQuiz;
  const bank = await questionDetails(t.database.db, quizIds);
  const out: Record<string, string[]> = {};
  for (const [i, id] of quizIds.entries()) {
    const a = await answerOf(t.database.db, id);
    const keys = (Array.isArray(a) ? a.join('') : a).toUpperCase().match(/[A-Z]/g)!;
    const texts = keys.map((k) => bank.get(id)!.options!.find((o) => o.key === k)!.text);
    out[String(i + 1)] = quiz.questions[i]!.options.filter((o) => texts.includes(o.text)).map((o) => o.key);
  }
  return out;
}

const submitQuiz = (u: TestUser, courseId: number, answers: Record<string, string[]>) =>
  api(t.app, { method: 'POST', url: ApiPaths.trainingQuiz(courseId), token: u.token, body: { answers } });

describe('courses', () => {
  it('are created and updated by code by administrators, listed publicly with filters', async () => {
    const course = await createCourse();
    expect(course).toMatchObject({ creditHours: 2.5, lessonCount: 2, durationSec: 130, quizCount: 2, canEnrol: false });
    expect(course.modules.map((m) => m.lessons.map((l) => l.title))).toEqual([['第一课'], ['第二课']]);
    expect(course.mine).toBeNull();
    const again = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminTrainingCourses,
      token: admin.token,
      body: definition({ code: course.code, title: '改名后的课程' }),
    });
    expect(again.json().data).toMatchObject({ id: course.id, created: false });
    const math = await dictId(t.database.db, 'subject', '数学');
    const list = await api(t.app, { url: ApiPaths.trainingCourses, query: { subjectId: math } });
    expect(list.json().data.items.map((c: { id: number }) => c.id)).toContain(course.id);
    const other = await api(t.app, { url: ApiPaths.trainingCourses, query: { subjectId: math + 100000 } });
    expect(other.json().data.total).toBe(0);
    // Teachers and anonymous callers do not reach the operators' endpoint.
    const teacher = await newTeacher(t.database.db);
    const gated = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminTrainingCourses,
      token: teacher.token,
      body: definition(),
    });
    expect(gated.statusCode).toBe(404);
  });

  it('refuses unknown names, videos and questions that are not choice questions with clear messages', async () => {
    const post = (body: unknown) =>
      api(t.app, { method: 'POST', url: ApiPaths.adminTrainingCourses, token: admin.token, body });
    expect((await post(definition({ subject: '不存在的学科' }))).json().msg).toBe('学段或学科不存在');
    const badVideo = await post(definition({ modules: [{ title: 'm', lessons: [{ title: 'l', videoId: 999999 }] }] }));
    expect(badVideo.statusCode).toBe(422);
    const fill = (await questionIdsOf(t.database.db, '填空题'))[0]!;
    const badQuiz = await post(definition({ quizQuestionIds: [fill] }));
    expect(badQuiz.statusCode).toBe(422);
    expect(badQuiz.json().msg).toContain('选择题');
    const badHours = await post(definition({ creditHours: 1.3 }));
    expect(badHours.statusCode).toBe(400);
  });

  it('locks lessons, quiz and hours once a teacher enrolled, while texts stay editable', async () => {
    const course = await createCourse();
    const teacher = await newTeacher(t.database.db);
    expect((await enrol(teacher, course.id)).statusCode).toBe(200);
    const post = (extra: Partial<TrainingCourseDefinition>) =>
      api(t.app, {
        method: 'POST',
        url: ApiPaths.adminTrainingCourses,
        token: admin.token,
        body: definition({ code: course.code, ...extra }),
      });
    const locked = await post({ creditHours: 5 });
    expect(locked.statusCode).toBe(409);
    expect((await post({ title: '新标题', lecturer: '李老师' })).statusCode).toBe(200);
    expect((await detail(course.id)).title).toBe('新标题');
  });
});

describe('learning', () => {
  it('lets only teachers enrol; lessons, quiz and play need an enrolment; unknown courses 404', async () => {
    const course = await createCourse();
    const student = await createUser(t.database.db, ['student']);
    expect((await enrol(student, course.id)).statusCode).toBe(404);
    expect((await api(t.app, { method: 'POST', url: ApiPaths.trainingEnrol(course.id) })).statusCode).toBe(401);
    const teacher = await newTeacher(t.database.db);
    const lesson = course.modules[0]!.lessons[0]!;
    const play = await api(t.app, { url: ApiPaths.trainingLessonPlay(lesson.id), token: teacher.token });
    expect(play.statusCode).toBe(400);
    expect(play.json().msg).toBe('请先报名该课程');
    expect((await enrol(teacher, course.id)).statusCode).toBe(200);
    expect((await enrol(teacher, course.id)).statusCode).toBe(200);
    expect((await detail(course.id, teacher)).canEnrol).toBe(true);
    const granted = await api(t.app, { url: ApiPaths.trainingLessonPlay(lesson.id), token: teacher.token });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data.hlsUrl).toMatch(
      new RegExp(`^/media/videos/${videoIds[0]}/index\\.m3u8\\?uid=${teacher.id}&`),
    );
    const quiz = (await api(t.app, { url: ApiPaths.trainingQuiz(course.id), token: teacher.token })).json()
      .data as TrainingQuiz;
    // Named by position, never by the bank's id.
    expect(quiz.questions.map((q) => q.id)).toEqual(quizIds.map((_, i) => i + 1));
    expect(JSON.stringify(quiz)).not.toContain('"answer"');
    expect((await api(t.app, { url: ApiPaths.trainingCourse(2_000_000) })).statusCode).toBe(404);
    expect((await api(t.app, { url: ApiPaths.trainingLessonPlay(2_000_000), token: teacher.token })).statusCode).toBe(
      404,
    );
  });

  it('credits watching by the server clock: whole seconds, gaps over 60 s credit nothing, capped at the length', async () => {
    const course = await createCourse();
    const teacher = await newTeacher(t.database.db);
    await enrol(teacher, course.id);
    const lesson = course.modules[0]!.lessons[0]!; // 100 s
    expect((await beat(teacher, lesson.id, 'session-aaaa')).creditedSeconds).toBe(0);
    clock.advance(20_500);
    expect((await beat(teacher, lesson.id, 'session-aaaa')).creditedSeconds).toBe(20);
    clock.advance(60_000);
    // 60.5 s since the anchor (which moved by whole seconds only): more than the gap.
    const late = await beat(teacher, lesson.id, 'session-aaaa');
    expect(late.creditedSeconds).toBe(0);
    expect(late.watchedSeconds).toBe(20);
    clock.advance(60_000);
    expect((await beat(teacher, lesson.id, 'session-aaaa')).creditedSeconds).toBe(60);
    clock.advance(50_000);
    const capped = await beat(teacher, lesson.id, 'session-aaaa');
    expect(capped).toMatchObject({
      watchedSeconds: 100,
      creditedSeconds: 20,
      lessonCompleted: true,
      courseCompleted: false,
    });
  });

  it('credits one session at a time: a second session takes over, the first then earns nothing', async () => {
    const course = await createCourse();
    const teacher = await newTeacher(t.database.db);
    await enrol(teacher, course.id);
    const lesson = course.modules[0]!.lessons[0]!;
    await beat(teacher, lesson.id, 'tab-one-1');
    clock.advance(10_000);
    expect((await beat(teacher, lesson.id, 'tab-one-1')).creditedSeconds).toBe(10);
    const second = await beat(teacher, lesson.id, 'tab-two-2');
    expect(second).toMatchObject({ creditedSeconds: 0, active: true });
    clock.advance(10_000);
    const first = await beat(teacher, lesson.id, 'tab-one-1');
    expect(first).toMatchObject({ creditedSeconds: 0, active: false });
    expect((await beat(teacher, lesson.id, 'tab-two-2')).creditedSeconds).toBe(10);
    expect((await detail(course.id, teacher)).mine!.watched[String(lesson.id)]).toBe(20);
  });

  it('grades the quiz, records attempts, and completes the course with hours and a certificate', async () => {
    const course = await createCourse();
    const teacher = await newTeacher(t.database.db);
    await enrol(teacher, course.id);
    const right = await rightAnswers(teacher, course.id);
    const wrong = Object.fromEntries(Object.entries(right).map(([k, v]) => [k, v[0] === 'A' ? ['B'] : ['A']]));
    const failed = (await submitQuiz(teacher, course.id, wrong)).json().data as TrainingQuizResult;
    expect(failed).toMatchObject({ score: 0, passed: false, attempts: 1, courseCompleted: false });
    const half = { ...wrong, '1': right['1']! };
    expect((await submitQuiz(teacher, course.id, half)).json().data).toMatchObject({
      score: 50,
      passed: false,
      attempts: 2,
    });
    const passed = (await submitQuiz(teacher, course.id, right)).json().data as TrainingQuizResult;
    expect(passed).toMatchObject({ score: 100, passed: true, attempts: 3, courseCompleted: false });
    // Passed, but the lessons are not watched yet: no hours.
    expect((await detail(course.id, teacher)).mine).toMatchObject({
      quizPassed: true,
      completedAt: null,
      certificate: null,
    });
    await watch(teacher, course.modules[0]!.lessons[0]!.id, 100);
    const last = await watch(teacher, course.modules[1]!.lessons[0]!.id, 30);
    expect(last.courseCompleted).toBe(true);
    const mine = (await detail(course.id, teacher)).mine!;
    expect(mine).toMatchObject({ attempts: 3, bestScore: 100, creditedHours: 2.5 });
    expect(mine.certificate!.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);

    // The PDF is the holder's only.
    const pdf = await api(t.app, { url: ApiPaths.trainingCertificatePdf(mine.certificate!.id), token: teacher.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Issued in the platform's own name, the one the header shows.
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text.replace(/\s+/g, '');
    expect(text).toContain(`${PLATFORM_NAME}智慧研修课程`);
    expect(text.match(new RegExp(PLATFORM_NAME, 'g'))).toHaveLength(2);
    const other = await newTeacher(t.database.db);
    expect(
      (await api(t.app, { url: ApiPaths.trainingCertificatePdf(mine.certificate!.id), token: other.token })).statusCode,
    ).toBe(404);

    // The archive counts the hours in the school year of completion.
    const archive = (await api(t.app, { url: ApiPaths.trainingArchive, token: teacher.token })).json()
      .data as TrainingArchive;
    expect(archive.totalHours).toBe(2.5);
    expect(archive.years[0]).toMatchObject({ schoolYear: schoolYearOf(new Date(clock.now)), hours: 2.5 });
    const xlsx = await api(t.app, { url: ApiPaths.trainingArchiveExport, token: teacher.token });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = wb.getWorksheet('研修档案')!.getSheetValues().flat().map(String);
    expect(values).toContain(course.title);
    expect(values).toContain(mine.certificate!.code);
    const list = await api(t.app, { url: ApiPaths.trainingMine, token: teacher.token });
    expect(list.json().data[0]).toMatchObject({ quizPassed: true, watchedLessons: 2, creditedHours: 2.5 });
  });
});

describe('certificates', () => {
  async function completedTeacher(): Promise<{ teacher: TestUser; code: string; id: number }> {
    const course = await createCourse({ modules: [{ title: 'm', lessons: [{ title: 'l', videoId: videoIds[1]! }] }] });
    const teacher = await newTeacher(t.database.db);
    await enrol(teacher, course.id);
    await submitQuiz(teacher, course.id, await rightAnswers(teacher, course.id));
    expect((await watch(teacher, course.modules[0]!.lessons[0]!.id, 30)).courseCompleted).toBe(true);
    const cert = (await detail(course.id, teacher)).mine!.certificate!;
    return { teacher, code: cert.code, id: cert.id };
  }
  const verify = async (code: string) => {
    const res = await api(t.app, { url: ApiPaths.trainingVerify, query: { code } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TrainingVerifyResult;
  };

  it('verifies genuine codes (masked name, any spelling), answers forged and malformed ones as unknown', async () => {
    const { teacher, code } = await completedTeacher();
    const [row] = await t.database.db.select().from(trainingCertificates).where(eq(trainingCertificates.code, code));
    expect(row!.userId).toBe(teacher.id);
    const genuine = await verify(code.toLowerCase().replace(/-/g, ' '));
    expect(genuine).toMatchObject({ status: 'valid', code, courseTitle: '测试研修课程', creditHours: 2.5 });
    expect(genuine.holderName).toBe(maskName(row!.holderName!));
    expect(genuine.holderName).toContain('*');
    let forged = newCertificateCode();
    while (forged === code) forged = newCertificateCode();
    expect(await verify(forged)).toMatchObject({ status: 'unknown', holderName: null, courseTitle: null });
    expect((await verify('0000-OOOO')).status).toBe('unknown');
    expect((await api(t.app, { url: ApiPaths.trainingVerify, query: { code: '' } })).statusCode).toBe(400);
  });

  it('is revoked by operators (idempotent) and then verifies as revoked; the PDF is no longer served', async () => {
    const { teacher, code, id } = await completedTeacher();
    const pdf = () => api(t.app, { url: ApiPaths.trainingCertificatePdf(id), token: teacher.token });
    expect((await pdf()).statusCode).toBe(200);
    const revoke = (token: string) =>
      api(t.app, { method: 'POST', url: ApiPaths.adminTrainingRevoke(code), token, body: { reason: '材料不实' } });
    expect((await revoke(teacher.token)).statusCode).toBe(404);
    const res = await revoke(admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'revoked', code });
    expect((await revoke(admin.token)).statusCode).toBe(200);
    expect((await verify(code)).status).toBe('revoked');
    expect((await pdf()).statusCode).toBe(404);
    const unknown = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminTrainingRevoke('AAAA-AAAA-AAAA-AAAA'),
      token: admin.token,
      body: { reason: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('rate-limits the public lookup per address', async () => {
    let status = 200;
    for (let i = 0; i < 25 && status === 200; i++)
      status = (
        await api(t.app, {
          url: ApiPaths.trainingVerify,
          query: { code: 'ABCD-EFGH-JKMN-PQRS' },
          headers: { 'x-forwarded-for': '10.7.7.7' },
        })
      ).statusCode;
    expect(status).toBe(429);
  });

  it('codes are CSPRNG draws of the unambiguous alphabet, canonicalised when typed', () => {
    const codes = new Set(Array.from({ length: 5000 }, () => newCertificateCode()));
    expect(codes.size).toBe(5000);
    expect(canonicalCode(' abcd efgh-jkmn pqrs ')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(canonicalCode('ABCD-EFGH-JKMN-PQR0')).toBeNull();
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳小明')).toBe('欧**明');
  });

  it('school years run from September to August, Beijing time', () => {
    expect(schoolYearOf(new Date('2026-08-31T15:59:59Z'))).toBe('2025-2026');
    expect(schoolYearOf(new Date('2026-08-31T16:00:00Z'))).toBe('2026-2027');
  });
});

describe('erasure', () => {
  it('deletes enrolments, progress and attempts and revokes and anonymises certificates', async () => {
    const course = await createCourse({ modules: [{ title: 'm', lessons: [{ title: 'l', videoId: videoIds[1]! }] }] });
    const teacher = await newTeacher(t.database.db);
    await enrol(teacher, course.id);
    await submitQuiz(teacher, course.id, await rightAnswers(teacher, course.id));
    await watch(teacher, course.modules[0]!.lessons[0]!.id, 30);
    const code = (await detail(course.id, teacher)).mine!.certificate!.code;
    expect(t.app.erasureNames()).toContain('training');
    const finish = await t.app.db.transaction((tx) => t.app.eraseUser(tx, teacher.id, new Date(clock.now)));
    await finish();
    const db = t.database.db;
    expect(await db.select().from(trainingEnrolments).where(eq(trainingEnrolments.userId, teacher.id))).toEqual([]);
    const [cert] = await db.select().from(trainingCertificates).where(eq(trainingCertificates.code, code));
    expect(cert).toMatchObject({ userId: null, holderName: null, revokedReason: 'account-cancelled' });
    const res = await api(t.app, { url: ApiPaths.trainingVerify, query: { code } });
    expect(res.json().data).toMatchObject({ status: 'revoked', holderName: null });
    for (const table of [trainingProgress, trainingAttempts, trainingBeats, trainingEnrolments])
      expect(await db.select().from(table).where(eq(table.userId, teacher.id))).toEqual([]);
  });
});

describe('the quiz cannot be passed by reading answers', () => {
  it('hides bank answers of the quiz from an enrolled teacher until passed; bank letters name nothing', async () => {
    const course = await createCourse();
    const teacher = await newTeacher(t.database.db);
    const other = await newTeacher(t.database.db);
    const bankRead = async (u: TestUser) =>
      (await api(t.app, { url: ApiPaths.question(quizIds[0]!), token: u.token })).json().data as QuestionRead;
    expect((await bankRead(teacher)).answerHidden).toBeNull();
    await enrol(teacher, course.id);
    expect(await bankRead(teacher)).toMatchObject({ answer: null, analysis: null, answerHidden: 'openWork' });
    expect((await bankRead(other)).answerHidden).toBeNull();
    // The quiz shows no bank id and no answer.
    const quiz = (await api(t.app, { url: ApiPaths.trainingQuiz(course.id), token: teacher.token })).json().data;
    expect(quiz.questions.map((q: { id: number }) => q.id)).toEqual([1, 2]);
    expect(JSON.stringify(quiz)).not.toContain('"answer"');
    // Passing with the right options in the teacher's own order; then the bank shows the answers.
    const passed = (await submitQuiz(teacher, course.id, await rightAnswers(teacher, course.id))).json().data;
    expect(passed).toMatchObject({ score: 100, passed: true, correctIds: [1, 2] });
    expect((await bankRead(teacher)).answerHidden).toBeNull();
  });
});
