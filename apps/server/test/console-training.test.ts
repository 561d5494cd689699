/**
 * The console's 研修课程 section (docs/training.md, Console): the course table with enrolment and pass
 * counts (filters, paging, export), a course read back as its definition and saved again, publication,
 * certificate look-up and revocation by code, roles (operators yes, reviewers and teachers no),
 * Chinese 4xx messages, and the audit rows of every write with before and after.
 */
import {
  ApiPaths,
  type AdminTrainingCertificate,
  type AdminTrainingCourseDetail,
  type AdminTrainingCourseRow,
  type Paged,
  type TrainingCourseDefinition,
} from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dictionary, textbooks, trainingCertificates, trainingEnrolments, videos } from '../src/db/schema';
import { seedDictionaries } from '../src/seed/dictionaries';
import { api, useTestApp } from './helpers';
import { createUser, dictId, importFixtureQuestions, questionIdsOf, type TestUser } from './teaching-helpers';

const t = useTestApp();

let videoIds: number[] = [];
let quizIds: number[] = [];
let admin: TestUser;
let operator: TestUser;
let reviewer: TestUser;

beforeAll(async () => {
  const db = t.database.db;
  await seedDictionaries(db);
  await importFixtureQuestions(db);
  quizIds = (await questionIdsOf(db, '单选题')).slice(0, 2);
  const [edition] = await db
    .insert(dictionary)
    .values({ kind: 'edition', name: '控制台研修版' })
    .returning({ id: dictionary.id });
  const [book] = await db
    .insert(textbooks)
    .values({
      externalId: 'console-training-book',
      title: '控制台测试教材',
      stageId: await dictId(db, 'stage', '初中'),
      subjectId: await dictId(db, 'subject', '数学'),
      editionId: edition!.id,
    })
    .returning({ id: textbooks.id });
  const rows = await db
    .insert(videos)
    .values([
      { textbookId: book!.id, title: '微课一', source: 'videos/c/a.mp4', durationSec: 60 },
      { textbookId: book!.id, title: '微课二', source: 'videos/c/b.mp4', durationSec: 30 },
    ])
    .returning({ id: videos.id });
  videoIds = rows.map((r) => r.id);
  admin = await createUser(db, ['admin']);
  operator = await createUser(db, ['operator']);
  reviewer = await createUser(db, ['reviewer']);
}, 120_000);

let seq = 0;
const definition = (extra: Partial<TrainingCourseDefinition> = {}): TrainingCourseDefinition => ({
  code: `console-course-${++seq}`,
  title: `控制台课程 ${seq}`,
  lecturer: '陈老师',
  stage: '初中',
  subject: '数学',
  creditHours: 1.5,
  modules: [
    { title: '模块一', lessons: [{ title: '第一课', videoId: videoIds[0]! }] },
    { title: '模块二', lessons: [{ title: '第二课', videoId: videoIds[1]! }] },
  ],
  quizQuestionIds: quizIds,
  ...extra,
});

async function create(by: TestUser, extra: Partial<TrainingCourseDefinition> = {}) {
  const res = await api(t.app, {
    method: 'POST',
    url: ApiPaths.adminTrainingCourses,
    token: by.token,
    body: definition(extra),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string; created: boolean };
}

const list = async (query: Record<string, string | number> = {}, by = operator) => {
  const res = await api(t.app, { url: ApiPaths.adminTrainingCourses, token: by.token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Paged<AdminTrainingCourseRow>;
};

const auditRows = (event: string, target: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.event, event), eq(auditLog.target, target)));

describe('course table', () => {
  it('lists drafts and published courses with counts, filtered by keyword and state, paged', async () => {
    const a = await create(operator, { title: '函数图像的教学设计' });
    const b = await create(operator, { title: '统计与概率的课堂活动', published: false, lecturer: '李老师' });
    const teacher = await createUser(t.database.db, ['teacher']);
    const passed = await createUser(t.database.db, ['teacher']);
    await t.database.db.insert(trainingEnrolments).values([
      { userId: teacher.id, courseId: a.id },
      { userId: passed.id, courseId: a.id, completedAt: new Date(), creditedHours: 1.5 },
    ]);

    const byTitle = await list({ q: '函数图像' });
    expect(byTitle.total).toBe(1);
    expect(byTitle.items[0]).toMatchObject({
      id: a.id,
      stage: '初中',
      subject: '数学',
      moduleCount: 2,
      lessonCount: 2,
      quizCount: quizIds.length,
      enrolledCount: 2,
      passedCount: 1,
      published: true,
    });
    expect((await list({ q: '李老师' })).items.map((c) => c.id)).toEqual([b.id]);
    const drafts = await list({ status: 'draft' });
    expect(drafts.items.every((c) => !c.published)).toBe(true);
    expect(drafts.items.map((c) => c.id)).toContain(b.id);
    // `%` is matched literally, not as a wildcard.
    expect((await list({ q: '%' })).total).toBe(0);

    for (let i = 0; i < 3; i++) await create(operator);
    const first = await list({ page: 1, pageSize: 2 });
    const second = await list({ page: 2, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(5);
    expect(second.items.map((c) => c.id)).not.toContain(first.items[0]!.id);
  });

  it('refuses bad filters with Chinese messages', async () => {
    const bad = await api(t.app, {
      url: ApiPaths.adminTrainingCourses,
      token: operator.token,
      query: { status: 'gone' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('状态只能是 published 或 draft');
    const page = await api(t.app, {
      url: ApiPaths.adminTrainingCourses,
      token: operator.token,
      query: { pageSize: 500 },
    });
    expect(page.statusCode).toBe(400);
    expect(page.json().msg).toContain('pageSize 必须是 1 到 100 之间的整数');
  });

  it('exports the filtered table as Excel and CSV', async () => {
    const c = await create(operator, { title: '导出用课程' });
    const xlsx = await api(t.app, {
      url: ApiPaths.adminTrainingCoursesExport,
      token: operator.token,
      query: { q: '导出用课程', format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(3).value).toBe('课程名称');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe(c.id);
    const csv = await api(t.app, {
      url: ApiPaths.adminTrainingCoursesExport,
      token: operator.token,
      query: { q: '导出用课程', format: 'csv' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('导出用课程');
    expect(csv.body).toContain('已发布');
  });
});

describe('course definition and publication', () => {
  it('reads a course back as its definition, which saves again unchanged; both saves are audited', async () => {
    const c = await create(operator, {
      summary: '简介',
      documents: [{ title: '方案', url: 'https://example.cn/a.pdf' }],
    });
    const res = await api(t.app, { url: ApiPaths.adminTrainingCourse(c.id), token: operator.token });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as AdminTrainingCourseDetail;
    expect(detail.enrolledCount).toBe(0);
    expect(detail.definition).toMatchObject({
      code: c.code,
      summary: '简介',
      creditHours: 1.5,
      passMark: 60,
      published: true,
      quizQuestionIds: quizIds,
      modules: [
        { title: '模块一', lessons: [{ title: '第一课', videoId: videoIds[0] }] },
        { title: '模块二', lessons: [{ title: '第二课', videoId: videoIds[1] }] },
      ],
    });
    const again = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminTrainingCourses,
      token: operator.token,
      body: { ...detail.definition, title: '改过的名称' },
    });
    expect(again.json().data).toMatchObject({ id: c.id, created: false });

    const rows = await auditRows('training_course_save', `training_course:${c.id}`);
    expect(rows).toHaveLength(2);
    const [created, updated] = rows.sort((x, y) => x.id - y.id);
    expect(created!.actorId).toBe(operator.id);
    expect(created!.before).toBeNull();
    expect(created!.after).toMatchObject({ code: c.code, creditHours: 1.5 });
    expect(updated!.before).toMatchObject({ title: `控制台课程 ${seq}` });
    expect(updated!.after).toMatchObject({ title: '改过的名称' });
  });

  it('answers 404 with a Chinese message for an unknown course', async () => {
    const res = await api(t.app, { url: ApiPaths.adminTrainingCourse(999999), token: operator.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('研修课程不存在');
  });

  it('publishes and takes down a course, audited, and the public list follows', async () => {
    const c = await create(operator);
    const put = (published: unknown) =>
      api(t.app, {
        method: 'PUT',
        url: ApiPaths.adminTrainingCoursePublished(c.id),
        token: operator.token,
        body: { published },
      });
    const down = await put(false);
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().data).toMatchObject({ id: c.id, published: false });
    const open = await api(t.app, { url: ApiPaths.trainingCourse(c.id) });
    expect(open.statusCode).toBe(404);
    expect((await put(true)).json().data.published).toBe(true);
    expect((await api(t.app, { url: ApiPaths.trainingCourse(c.id) })).statusCode).toBe(200);

    const bad = await put('yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('请指定发布（true）或下架（false）');

    const rows = (await auditRows('training_course_publish', `training_course:${c.id}`)).sort((x, y) => x.id - y.id);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [
        { code: c.code, published: true },
        { code: c.code, published: false },
      ],
      [
        { code: c.code, published: false },
        { code: c.code, published: true },
      ],
    ]);
  });

  it('is closed to reviewers and teachers (404 of an unknown path), open to operators and admins', async () => {
    const teacher = await createUser(t.database.db, ['teacher']);
    for (const who of [reviewer, teacher]) {
      const res = await api(t.app, { url: ApiPaths.adminTrainingCourses, token: who.token });
      expect(res.statusCode).toBe(404);
      const post = await api(t.app, {
        method: 'POST',
        url: ApiPaths.adminTrainingCourses,
        token: who.token,
        body: definition(),
      });
      expect(post.statusCode).toBe(404);
    }
    expect((await list({}, admin)).total).toBeGreaterThan(0);
  });
});

describe('certificates', () => {
  async function certificate(code: string) {
    const holder = await createUser(t.database.db, ['teacher']);
    const c = await create(operator);
    await t.database.db.insert(trainingCertificates).values({
      code,
      userId: holder.id,
      courseId: c.id,
      holderName: '张三丰',
      courseTitle: '证书课程',
      creditHours: 1.5,
      issuedAt: new Date('2026-10-01T02:00:00Z'),
    });
    return holder;
  }

  it('looks a certificate up by code as typed, with the full name, and revokes it once, audited', async () => {
    const holder = await certificate('ABCD-EFGH-JKMN-PQRS');
    const look = await api(t.app, {
      url: ApiPaths.adminTrainingCertificate('abcd efgh jkmn pqrs'),
      token: operator.token,
    });
    expect(look.statusCode, look.body).toBe(200);
    expect(look.json().data).toMatchObject<Partial<AdminTrainingCertificate>>({
      code: 'ABCD-EFGH-JKMN-PQRS',
      status: 'valid',
      holderName: '张三丰',
      userId: holder.id,
      courseTitle: '证书课程',
      revokedAt: null,
    });

    const empty = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminTrainingRevoke('ABCD-EFGH-JKMN-PQRS'),
      token: operator.token,
      body: { reason: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('请填写注销原因');

    const revoke = (reason: string) =>
      api(t.app, {
        method: 'POST',
        url: ApiPaths.adminTrainingRevoke('ABCD-EFGH-JKMN-PQRS'),
        token: operator.token,
        body: { reason },
      });
    expect((await revoke('资料不实')).json().data.status).toBe('revoked');
    expect((await revoke('再次撤销')).statusCode).toBe(200);
    const after = (
      await api(t.app, { url: ApiPaths.adminTrainingCertificate('ABCD-EFGH-JKMN-PQRS'), token: operator.token })
    ).json().data as AdminTrainingCertificate;
    expect(after).toMatchObject({ status: 'revoked', revokedReason: '资料不实' });

    const rows = await auditRows('training_certificate_revoke', 'training_certificate:ABCD-EFGH-JKMN-PQRS');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: operator.id,
      userId: holder.id,
      before: { status: 'valid', revokedAt: null, revokedReason: null },
      after: { status: 'revoked', revokedReason: '资料不实' },
    });
  });

  it('answers 404 证书不存在 for unknown or malformed codes', async () => {
    for (const code of ['ZZZZ-ZZZZ-ZZZZ-ZZZZ', 'not-a-code']) {
      const res = await api(t.app, { url: ApiPaths.adminTrainingCertificate(code), token: operator.token });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('证书不存在');
    }
    const revoke = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminTrainingRevoke('ZZZZ-ZZZZ-ZZZZ-ZZZZ'),
      token: operator.token,
      body: { reason: '测试' },
    });
    expect(revoke.statusCode).toBe(404);
  });
});
