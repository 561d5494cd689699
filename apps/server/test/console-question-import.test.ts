/**
 * The console's question-bank import jobs (docs/console-content.md, Question-bank import): each of the
 * four kinds imports a small file made here through `POST /api/v1/admin/question-bank/imports?kind=…`,
 * its progress arrives as server-sent events, bad lines are reported by number, the job is audited,
 * and only the content roles may start or read one.
 */
import { ApiPaths, SIGN_HEADERS, signRequest, type ImportJob, type QuestionBankImportKind } from '@eav/contract';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, knowledgePoints, papers, questions, textbookChapters, textbooks } from '../src/db/schema';
import { SEED_FILES } from '../src/features/question-bank/seed';
import { importTextbooks } from '../src/features/textbooks';
import { CATALOGUE_FILE } from '../src/features/textbooks/seed';
import { api, TEST_SECRET, useTestApp } from './helpers';
import { readData } from './question-bank-helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const t = useTestApp();
const db = () => t.database.db;
let operator: TestUser;
let reviewer: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  operator = await createUser(db(), ['operator']);
  reviewer = await createUser(db(), ['reviewer']);
  teacher = await createUser(db(), ['teacher']);
});

/** A multipart upload of `text` to the kind's start route, signed as the web client signs it. */
function uploadImport(token: string, kind: string, text: string, fileName = `${kind}.jsonl`) {
  const boundary = `----eavtest${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/x-ndjson\r\n\r\n`,
    ),
    Buffer.from(text, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const timestamp = Date.now();
  const path = ApiPaths.adminQuestionBankImports;
  return t.app.inject({
    method: 'POST',
    url: `${path}?kind=${encodeURIComponent(kind)}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: signRequest(
        { method: 'POST', path, query: { kind }, body: '', token, timestamp },
        TEST_SECRET,
      ),
    },
    payload,
  });
}

/** The events of a server-sent events answer: name and parsed data. */
function parseEvents(body: string): { event: string; data: ImportJob }[] {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? 'message',
      data: JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as ImportJob,
    }));
}

/** Starts a job of `kind` and follows its events to the end; answers the started job and the events. */
async function runJob(kind: QuestionBankImportKind, text: string, user: TestUser = operator) {
  const started = await uploadImport(user.token, kind, text);
  expect(started.statusCode, started.body).toBe(200);
  const job = started.json().data as ImportJob;
  expect(job).toMatchObject({ kind, status: 'running', fileName: `${kind}.jsonl` });
  const res = await api(t.app, { url: ApiPaths.adminQuestionBankImportEvents(job.id), token: user.token });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/event-stream');
  const events = parseEvents(res.body);
  const last = events.at(-1)!;
  expect(last.event, JSON.stringify(last.data)).toBe('done');
  expect(last.data.percent).toBe(100);
  const percents = events.map((e) => e.data.percent);
  expect([...percents].sort((a, b) => a - b)).toEqual(percents);
  return { job, events, report: last.data.report! };
}

/** The audit row of an import job, if written yet. */
const auditOf = async (jobId: string) =>
  (
    await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'question_bank_import'), eq(auditLog.target, `import:${jobId}`)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('question-bank import jobs', () => {
  it('imports knowledge points with progress, bad lines by number and an audit row', async () => {
    const text = [
      '{"externalId":"cqi-kp-1","stage":"小学","subject":"数学","path":["控制台导入","甲"]}',
      'not json',
      '{"externalId":"cqi-kp-2","stage":"小学","subject":"数学","path":["控制台导入","甲","乙"]}',
      '{"externalId":"cqi-kp-3","stage":"小学","subject":"数学"}',
    ].join('\n');
    const { job, events, report } = await runJob('knowledge-points', text);
    expect(events.some((e) => e.event === 'progress' && e.data.phase === 'writing')).toBe(true);
    expect(report.lines).toBe(4);
    expect(report.created).toBe(2);
    expect(report.skipped.map((s) => s.line)).toEqual([2, 4]);
    expect(report.skipped[0]!.message).toBe('不是合法的 JSON');
    expect(report.skipped[1]!.externalId).toBe('cqi-kp-3');
    const stored = await db()
      .select({ id: knowledgePoints.id })
      .from(knowledgePoints)
      .where(eq(knowledgePoints.externalId, 'cqi-kp-2'));
    expect(stored).toHaveLength(1);

    // The finished job stays readable by its operator only.
    const again = await api(t.app, { url: ApiPaths.adminQuestionBankImportJob(job.id), token: operator.token });
    expect(again.json().data).toMatchObject({ status: 'done', kind: 'knowledge-points' });
    const admin = await createUser(db(), ['admin']);
    const other = await api(t.app, { url: ApiPaths.adminQuestionBankImportJob(job.id), token: admin.token });
    expect(other.statusCode).toBe(404);
    // A question-bank job is not a catalogue job.
    const asCatalogue = await api(t.app, { url: ApiPaths.adminCatalogueImport(job.id), token: operator.token });
    expect(asCatalogue.statusCode).toBe(404);

    await expect
      .poll(async () => await auditOf(job.id))
      .toMatchObject({
        actorId: operator.id,
        result: 'success',
        detail: { kind: 'knowledge-points', created: 2, skipped: 2 },
      });
  });

  it('imports questions, then papers naming them, reporting bad lines by number', async () => {
    const question = (n: number) =>
      JSON.stringify({
        externalId: `cqi-q-${n}`,
        stage: '高中',
        subject: '数学',
        type: '单选题',
        stem: `控制台导入测试题 ${n}：$1+${n}=$？`,
        options: [
          { key: 'A', text: `$${n + 1}$` },
          { key: 'B', text: `$${n + 2}$` },
        ],
        answer: 'A',
      });
    const q = await runJob(
      'questions',
      [question(1), '{"externalId":"cqi-q-bad","stage":"高中","subject":"数学","type":"单选题"}', question(2)].join(
        '\n',
      ),
    );
    expect(q.report).toMatchObject({ lines: 3, created: 2 });
    expect(q.report.skipped.map((s) => s.line)).toEqual([2]);
    expect(q.report.skipped[0]!.message).toMatch(/stem/);
    expect(await db().select().from(questions).where(eq(questions.externalId, 'cqi-q-2'))).toHaveLength(1);

    const paper = JSON.stringify({
      externalId: 'cqi-p-1',
      title: '控制台导入测试卷',
      stage: '高中',
      subject: '数学',
      paperType: '单元测试',
      sections: [
        {
          title: '一、选择题',
          questions: [
            { externalId: 'cqi-q-1', number: 1, score: 5 },
            { externalId: 'cqi-q-2', number: 2, score: 5 },
          ],
        },
      ],
    });
    const p = await runJob('papers', ['', '{"externalId":"cqi-p-bad","title":"缺少题目"}', paper].join('\n'));
    expect(p.report).toMatchObject({ lines: 2, created: 1 });
    expect(p.report.skipped.map((s) => s.line)).toEqual([2]);
    expect(await db().select().from(papers).where(eq(papers.externalId, 'cqi-p-1'))).toHaveLength(1);
  });

  it('imports a chapter tree of a catalogue book', async () => {
    const line = readData(SEED_FILES.chapters).split('\n')[0]!;
    const externalId = (JSON.parse(line) as { externalId: string }).externalId;
    const catalogueLine = readData(CATALOGUE_FILE)
      .split('\n')
      .find((l) => l.includes(`"externalId": "${externalId}"`))!;
    expect((await importTextbooks(db(), catalogueLine)).created).toBe(1);
    const { report } = await runJob('chapters', [line, '{"externalId":"cqi-no-such-book","chapters":[]}'].join('\n'));
    expect(report.lines).toBe(2);
    expect(report.created + report.updated + report.unchanged).toBe(1);
    expect(report.skipped.map((s) => s.line)).toEqual([2]);
    const [book] = await db().select({ id: textbooks.id }).from(textbooks).where(eq(textbooks.externalId, externalId));
    const chapters = await db().select().from(textbookChapters).where(eq(textbookChapters.textbookId, book!.id));
    expect(chapters.length).toBeGreaterThan(0);
  });

  it('reports progress of a larger file in several events', async () => {
    const lines = Array.from({ length: 1200 }, (_, i) =>
      JSON.stringify({
        externalId: `cqi-many-${i}`,
        stage: '初中',
        subject: '数学',
        type: '填空题',
        stem: `批量导入测试题 ${i}：$${i}+1=$____`,
        answer: String(i + 1),
      }),
    );
    const { events, report } = await runJob('questions', lines.join('\n'));
    expect(report.created).toBe(1200);
    const progress = events.filter((e) => e.event === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.some((e) => e.data.total === 1200)).toBe(true);
  });

  it('refuses a bad kind, an empty file and a second job of the same operator', async () => {
    const bad = await uploadImport(operator.token, 'videos', '{}');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('导入类型');
    const empty = await uploadImport(operator.token, 'questions', ' \n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toMatch(/文件是空的/);

    const many = Array.from(
      { length: 2000 },
      (_, i) => `{"externalId":"cqi-kp-many-${i}","stage":"初中","subject":"数学","path":["控制台批量","节点${i}"]}`,
    ).join('\n');
    const first = await uploadImport(operator.token, 'knowledge-points', many);
    expect(first.statusCode).toBe(200);
    // One running job per operator, whatever its kind (the catalogue's included).
    const second = await uploadImport(operator.token, 'questions', '{"externalId":"x"}');
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe('已有一个导入正在进行，请等待它完成后再上传');
    const id = (first.json().data as ImportJob).id;
    const events = parseEvents(
      (await api(t.app, { url: ApiPaths.adminQuestionBankImportEvents(id), token: operator.token })).body,
    );
    expect(events.at(-1)!.data.report!.created).toBe(2000);
  });

  it('answers other roles 404 before reading the body', async () => {
    for (const user of [reviewer, teacher]) {
      const res = await uploadImport(user.token, 'questions', '{"externalId":"x"}');
      expect(res.statusCode).toBe(404);
      const read = await api(t.app, {
        url: ApiPaths.adminQuestionBankImportJob('00000000-0000-4000-8000-000000000000'),
        token: user.token,
      });
      expect(read.statusCode).toBe(404);
    }
    const unknown = await api(t.app, {
      url: ApiPaths.adminQuestionBankImportJob('00000000-0000-4000-8000-000000000000'),
      token: operator.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('导入任务不存在或已过期');
  });
});
