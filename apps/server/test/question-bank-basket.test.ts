/**
 * The question basket (试题篮) and composed papers (组卷) (docs/api.md, Basket and composed papers):
 * owner only (another user's answers 404, no login 401), limits under parallel requests, validation,
 * the export of a composed paper, and erasure at account cancellation. Fixture: the first real
 * questions of the TAL-SCQ5K file.
 */
import {
  ApiPaths,
  QUESTION_BANK_LIMITS,
  type Basket,
  type ComposedPaperDetail,
  type Paged,
  type QuestionCard,
} from '@eav/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { basketItems, composedPapers } from '../src/db/schema';
import { runImport } from '../src/features/question-bank/importers';
import { eraseQuestionBankData } from '../src/features/question-bank/erasure';
import { documentXml } from './docx-helpers';
import { api, useTestApp } from './helpers';
import { readData } from './question-bank-helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const t = useTestApp();
let ids: number[] = [];

beforeAll(async () => {
  const lines = readData('questions-tal-math.jsonl')
    .split('\n')
    .slice(0, QUESTION_BANK_LIMITS.basketMax + 10)
    .join('\n');
  await runImport(t.database.db, 'questions', lines);
}, 120_000);

async function questionIds(): Promise<number[]> {
  if (ids.length) return ids;
  const res = await api(t.app, { url: ApiPaths.questions, query: { pageSize: 100 } });
  const more = await api(t.app, { url: ApiPaths.questions, query: { pageSize: 100, page: 2 } });
  ids = [...(res.json().data as Paged<QuestionCard>).items, ...(more.json().data as Paged<QuestionCard>).items].map(
    (q) => q.id,
  );
  return ids;
}

const basketOf = (u: TestUser, token = u.token) => api(t.app, { url: ApiPaths.userBasket(u.id), token });
const add = (u: TestUser, questionIds: number[], token = u.token) =>
  api(t.app, { method: 'POST', url: ApiPaths.userBasket(u.id), token, body: { questionIds } });

describe('basket', () => {
  it('adds, lists in order, removes and clears; owner only', async () => {
    const [a, b, c] = await questionIds();
    const u = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    expect((await api(t.app, { url: ApiPaths.userBasket(u.id) })).statusCode).toBe(401);
    expect((await basketOf(u, other.token)).statusCode).toBe(404);
    expect((await add(u, [a!], other.token)).statusCode).toBe(404);

    let res = await add(u, [b!, a!]);
    expect(res.statusCode, res.body).toBe(200);
    res = await add(u, [a!, c!]);
    const basket = res.json().data as Basket;
    expect(basket.items.map((i) => i.question.id)).toEqual([b, a, c]);
    expect(basket.limit).toBe(QUESTION_BANK_LIMITS.basketMax);
    expect(basket.items[0]!.question).not.toHaveProperty('answer');

    res = await api(t.app, { method: 'DELETE', url: ApiPaths.userBasketItem(u.id, a!), token: u.token });
    expect((res.json().data as Basket).items.map((i) => i.question.id)).toEqual([b, c]);
    expect(
      (await api(t.app, { method: 'DELETE', url: ApiPaths.userBasketItem(u.id, b!), token: other.token })).statusCode,
    ).toBe(404);
    res = await api(t.app, { method: 'DELETE', url: ApiPaths.userBasket(u.id), token: u.token });
    expect((res.json().data as Basket).items).toEqual([]);
  });

  it('refuses unknown questions and bad input with Chinese messages', async () => {
    const u = await createUser(t.database.db);
    const unknown = await add(u, [2_000_000_000]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('QUESTION.PAPER_INVALID');
    const empty = await add(u, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('请选择试题');
    const wrong = await api(t.app, {
      method: 'POST',
      url: ApiPaths.userBasket(u.id),
      token: u.token,
      body: { questionIds: ['x'] },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('holds at most 100 questions, also under parallel requests', async () => {
    const all = await questionIds();
    expect(all.length).toBeGreaterThan(QUESTION_BANK_LIMITS.basketMax);
    const u = await createUser(t.database.db);
    const half = Math.ceil(QUESTION_BANK_LIMITS.basketMax / 2) + 5;
    const results = await Promise.all([add(u, all.slice(0, half)), add(u, all.slice(half, half * 2))]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().code).toBe('QUESTION.BASKET_FULL');
    const [row] = await t.database.db.select({ n: count() }).from(basketItems).where(eq(basketItems.userId, u.id));
    expect(row!.n).toBe(half);
    // Either request may have won; start again from an empty basket to fill it exactly.
    const cleared = await api(t.app, { method: 'DELETE', url: ApiPaths.userBasket(u.id), token: u.token });
    expect(cleared.statusCode).toBe(200);
    const full = await add(u, all.slice(0, QUESTION_BANK_LIMITS.basketMax));
    expect(full.statusCode).toBe(200);
    const over = await add(u, [all[QUESTION_BANK_LIMITS.basketMax]!]);
    expect(over.statusCode).toBe(422);
    expect(over.json().msg).toContain('试题篮最多放');
  });
});

describe('composed papers', () => {
  it('composes a paper from the basket, numbers it, lists it and exports it; owner only', async () => {
    const [a, b, c] = await questionIds();
    const u = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    await add(u, [a!, b!, c!]);
    const body = {
      title: '七年级数学单元练习',
      subtitle: '第一章 有理数',
      sections: [
        {
          title: '一、选择题',
          questions: [
            { questionId: a!, score: 5 },
            { questionId: b!, score: 5 },
          ],
        },
        { title: '二、提高题', questions: [{ questionId: c!, score: 10.5 }] },
      ],
      clearBasket: true,
    };
    const created = await api(t.app, { method: 'POST', url: ApiPaths.userPapers(u.id), token: u.token, body });
    expect(created.statusCode, created.body).toBe(200);
    const paper = created.json().data as ComposedPaperDetail;
    expect(paper).toMatchObject({ title: body.title, questionCount: 3, totalScore: 20.5 });
    expect(paper.sections.flatMap((s) => s.questions.map((q) => q.number))).toEqual([1, 2, 3]);
    expect(paper.sections[0]!.questions[0]!.question).toHaveProperty('answer');
    expect(((await basketOf(u)).json().data as Basket).items).toEqual([]);

    const list = await api(t.app, { url: ApiPaths.userPapers(u.id), token: u.token });
    expect((list.json().data as Paged<{ id: number }>).items.map((p) => p.id)).toEqual([paper.id]);
    for (const url of [ApiPaths.userPapers(u.id), ApiPaths.userPaper(u.id, paper.id)])
      expect((await api(t.app, { url, token: other.token })).statusCode).toBe(404);
    // Another user's path with their own id still does not reach this paper.
    expect((await api(t.app, { url: ApiPaths.userPaper(other.id, paper.id), token: other.token })).statusCode).toBe(
      404,
    );

    const docx = await api(t.app, {
      url: ApiPaths.userPaperExport(u.id, paper.id),
      query: { format: 'docx' },
      token: u.token,
    });
    expect(docx.statusCode).toBe(200);
    expect(String(docx.headers['content-disposition'])).toContain(encodeURIComponent('七年级数学单元练习.docx'));
    const xml = documentXml(docx.rawPayload);
    expect(xml).toContain('七年级数学单元练习');
    expect(xml).toContain('二、提高题');
    expect(
      (
        await api(t.app, {
          url: ApiPaths.userPaperExport(u.id, paper.id),
          query: { format: 'pdf' },
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
    const pdf = await api(t.app, {
      url: ApiPaths.userPaperExport(u.id, paper.id),
      query: { format: 'pdf' },
      token: u.token,
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Update and delete (owner only).
    const put = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.userPaper(u.id, paper.id),
      token: u.token,
      body: { ...body, title: '改过的标题', sections: [body.sections[0]] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ title: '改过的标题', questionCount: 2, totalScore: 10 });
    expect(
      (await api(t.app, { method: 'DELETE', url: ApiPaths.userPaper(u.id, paper.id), token: other.token })).statusCode,
    ).toBe(404);
    expect(
      (await api(t.app, { method: 'DELETE', url: ApiPaths.userPaper(u.id, paper.id), token: u.token })).statusCode,
    ).toBe(200);
    expect((await api(t.app, { url: ApiPaths.userPaper(u.id, paper.id), token: u.token })).statusCode).toBe(404);
  });

  it('refuses a question twice, an unknown question, a missing title and bad scores', async () => {
    const [a] = await questionIds();
    const u = await createUser(t.database.db);
    const post = (body: unknown) =>
      api(t.app, { method: 'POST', url: ApiPaths.userPapers(u.id), token: u.token, body });
    const sections = (qs: { questionId: number; score: number }[]) => [{ title: '一、选择题', questions: qs }];
    const twice = await post({
      title: '卷',
      sections: sections([
        { questionId: a!, score: 5 },
        { questionId: a!, score: 5 },
      ]),
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().msg).toBe('同一道题不能在试卷中出现两次');
    const unknown = await post({ title: '卷', sections: sections([{ questionId: 2_000_000_000, score: 5 }]) });
    expect(unknown.statusCode).toBe(422);
    const noTitle = await post({ title: ' ', sections: sections([{ questionId: a!, score: 5 }]) });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().msg).toContain('请填写试卷标题');
    const badScore = await post({ title: '卷', sections: sections([{ questionId: a!, score: 0.3 }]) });
    expect(badScore.statusCode).toBe(400);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(composedPapers)
      .where(eq(composedPapers.userId, u.id));
    expect(row!.n).toBe(0);
  });

  it('erases the basket and composed papers of a user', async () => {
    const [a] = await questionIds();
    const u = await createUser(t.database.db);
    await add(u, [a!]);
    await api(t.app, {
      method: 'POST',
      url: ApiPaths.userPapers(u.id),
      token: u.token,
      body: { title: '要删除的卷', sections: [{ title: '一', questions: [{ questionId: a!, score: 1 }] }] },
    });
    await t.database.db.transaction((tx) => eraseQuestionBankData(tx, u.id, new Date()));
    const [b] = await t.database.db.select({ n: count() }).from(basketItems).where(eq(basketItems.userId, u.id));
    const [p] = await t.database.db.select({ n: count() }).from(composedPapers).where(eq(composedPapers.userId, u.id));
    expect([b!.n, p!.n]).toEqual([0, 0]);
  });
});
