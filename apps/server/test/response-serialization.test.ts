/**
 * An answer that does not match its route's response schema is a server bug: it answers the standard
 * 500 envelope, is logged at error level with the route and the failing path (no values), and is
 * counted on /metrics by route pattern (docs/operations.md, Metrics).
 */
import { Writable } from 'node:stream';
import { ApiPaths, Messages } from '@eav/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { runImport } from '../src/features/question-bank/importers';
import { api, testConfig, useTestApp } from './helpers';
import { createUser } from './textbooks-helpers';

const logs: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString().split('\n')) if (l.trim()) logs.push(JSON.parse(l) as Record<string, unknown>);
    done();
  },
});
const t = useTestApp({
  config: testConfig({ metrics: { enabled: true, token: undefined } }),
  logger: { level: 'error', stream },
});

const COUNTER = 'eav_response_serialization_errors_total';

describe('response serialization errors', () => {
  it('answer 500, log the route and the failing path, and count on /metrics', async () => {
    await runImport(
      t.database.db,
      'questions',
      JSON.stringify({
        externalId: 'ser-1',
        stage: '高中',
        subject: '数学',
        type: '填空题',
        stem: '题干',
        answer: '秘密答案',
      }),
    );
    const [q] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from questions where external_id = 'ser-1'`),
    );
    const before = (await t.app.inject({ url: '/metrics' })).body;
    expect(before).not.toMatch(new RegExp(`^${COUNTER}\\{`, 'm'));

    // An answer stored as an object: no schema of the contract accepts it.
    await t.database.db.execute(sql`update questions set answer = '{"secret": "学生数据"}'::jsonb where id = ${q!.id}`);
    // Answers need a login: a reader sees the stored answer.
    const reader = await createUser(t.database.db);
    const res = await api(t.app, { url: ApiPaths.question(q!.id), token: reader.token });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: Messages.internal, requestId: expect.any(String) });

    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(text).toContain(`${COUNTER}{route="/api/v1/questions/:id"} 1`);

    const line = logs.find((l) => l.route === '/api/v1/questions/:id');
    expect(line).toMatchObject({ level: 50, method: 'GET' });
    expect(String(line!.msg)).toContain('response serialization error at data.answer');
    expect(JSON.stringify(line)).not.toContain('学生数据');
  });
});
