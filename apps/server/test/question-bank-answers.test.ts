/**
 * Question answers stay in the contract's type (`string | string[]`) from import to every read: the
 * jsonb column is read without a second JSON.parse, the importer turns numbers into text and counts
 * them, and migration 0020 repairs rows (and teaching's question copies) that hold numbers.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ApiPaths } from '@eav/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { formatReport, runImport } from '../src/features/question-bank/importers';
import { api, useTestApp } from './helpers';
import { createUser } from './textbooks-helpers';

const t = useTestApp();

// Answers of the bank need a login (docs/question-bank.md): one reader for every read here.
let readerToken: string | undefined;
const reader = async () => (readerToken ??= (await createUser(t.database.db)).token);

const line = (externalId: string, answer: unknown) =>
  JSON.stringify({ externalId, stage: '高中', subject: '数学', type: '填空题', stem: `题干 ${externalId}`, answer });

async function idOf(externalId: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`select id from questions where external_id = ${externalId}`),
  );
  return row!.id;
}

describe('question answers', () => {
  it('reads stored answers that look like JSON (1, -2, 0.2, true, null) as the text they are', async () => {
    const texts = ['1', '-2', '0.2', 'true', 'null', '[1]'];
    const report = await runImport(
      t.database.db,
      'questions',
      [...texts.map((a, i) => line(`ans-text-${i}`, a)), line('ans-text-arr', ['1', '0.2'])].join('\n'),
    );
    expect(report.created).toBe(texts.length + 1);
    for (const [i, a] of texts.entries()) {
      const res = await api(t.app, { token: await reader(), url: ApiPaths.question(await idOf(`ans-text-${i}`)) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.answer).toBe(a);
    }
    const arr = await api(t.app, { token: await reader(), url: ApiPaths.question(await idOf('ans-text-arr')) });
    expect(arr.json().data.answer).toEqual(['1', '0.2']);

    // A paper embedding such a question answers 200 with the answer as text.
    const paper = JSON.stringify({
      externalId: 'ans-paper',
      title: '答案测试卷',
      stage: '高中',
      subject: '数学',
      paperType: '高考真题',
      sections: [{ title: '填空题', questions: [{ externalId: 'ans-text-0' }, { externalId: 'ans-text-2' }] }],
    });
    const pr = await runImport(t.database.db, 'papers', paper);
    expect(pr.skipped).toEqual([]);
    const [p] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from papers where external_id = 'ans-paper'`),
    );
    const res = await api(t.app, { token: await reader(), url: ApiPaths.paper(p!.id) });
    expect(res.statusCode, res.body).toBe(200);
    const answers = res
      .json()
      .data.sections.flatMap((s: { questions: { question: { answer: unknown } }[] }) =>
        s.questions.map((q) => q.question.answer),
      );
    expect(answers).toEqual(['1', '0.2']);
  });

  it('imports numeric answers as their text and counts them in the report', async () => {
    const report = await runImport(
      t.database.db,
      'questions',
      [line('ans-num-1', 1), line('ans-num-2', [-2, '0.2', 0.5]), line('ans-num-3', 'x')].join('\n'),
    );
    expect(report.skipped).toEqual([]);
    expect(report.warnings.map((w) => [w.line, w.externalId])).toEqual([
      [1, 'ans-num-1'],
      [2, 'ans-num-2'],
    ]);
    expect(formatReport('试题', report)).toContain('答案规范为文本：2 道试题');
    const one = await api(t.app, { token: await reader(), url: ApiPaths.question(await idOf('ans-num-1')) });
    expect(one.json().data.answer).toBe('1');
    const two = await api(t.app, { token: await reader(), url: ApiPaths.question(await idOf('ans-num-2')) });
    expect(two.json().data.answer).toEqual(['-2', '0.2', '0.5']);
    // Still refused: objects and booleans are not answers.
    const bad = await runImport(
      t.database.db,
      'questions',
      [line('ans-bad-1', { a: 1 }), line('ans-bad-2', true)].join('\n'),
    );
    expect(bad.skipped.map((s) => s.line)).toEqual([1, 2]);
  });

  it('migration 0020 turns stored numbers into text in questions and teaching question copies', async () => {
    const db = t.database.db;
    await runImport(
      db,
      'questions',
      [line('ans-mig-1', 'a'), line('ans-mig-2', 'b'), line('ans-mig-3', 'c')].join('\n'),
    );
    const [q1, q2, q3] = [await idOf('ans-mig-1'), await idOf('ans-mig-2'), await idOf('ans-mig-3')];
    await db.transaction(async (tx) => {
      await tx.execute(sql`update questions set answer = '1'::jsonb where id = ${q1}`);
      await tx.execute(sql`update questions set answer = '[-2, "x", 0.2, null]'::jsonb where id = ${q2}`);
      // Homework items and 错题本 rows keep a copy of the question; the parents do not matter here.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into teaching_items (assignment_id, position, question_id, grading, max_score, question)
        values (999999, 1, ${q1}, 'fill', 5, ${JSON.stringify({ id: q1, stem: 's', answer: 0.2 })}::jsonb)`);
      await tx.execute(sql`insert into teaching_wrong_questions (user_id, question_id, subject_id, grading, question)
        values (999999, ${q1}, 1, 'fill', ${JSON.stringify({ id: q1, stem: 's', answer: [1, '2'] })}::jsonb)`);
    });
    const file = fileURLToPath(new URL('../drizzle/0020_answers_as_text.sql', import.meta.url));
    for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));

    const answers = rowsOf<{ id: number; answer: unknown }>(
      await db.execute(sql`select id, answer from questions where id in (${q1}, ${q2}, ${q3}) order by id`),
    );
    expect(answers.map((r) => r.answer)).toEqual(['1', ['-2', 'x', '0.2', ''], 'c']);
    const [item] = rowsOf<{ a: unknown; stem: string }>(
      await db.execute(
        sql`select question -> 'answer' as a, question ->> 'stem' as stem from teaching_items where question_id = ${q1}`,
      ),
    );
    expect(item).toEqual({ a: '0.2', stem: 's' });
    const [wrong] = rowsOf<{ a: unknown }>(
      await db.execute(sql`select question -> 'answer' as a from teaching_wrong_questions where question_id = ${q1}`),
    );
    expect(wrong!.a).toEqual(['1', '2']);
    await db.execute(sql`delete from teaching_items where assignment_id = 999999`);
    await db.execute(sql`delete from teaching_wrong_questions where user_id = 999999`);
    const res = await api(t.app, { token: await reader(), url: ApiPaths.question(q2) });
    expect(res.json().data.answer).toEqual(['-2', 'x', '0.2', '']);
  });
});
