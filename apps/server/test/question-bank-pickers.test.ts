/**
 * The searches behind the homework pickers (docs/question-bank.md, Search): papers by stage and subject
 * and by a year typed as a keyword, knowledge points and questions of one stage only.
 */
import { ApiPaths, type KnowledgePointNode, type Paged, type PaperListItem, type QuestionCard } from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '../src/db/schema';
import { runImport } from '../src/features/question-bank/importers';
import { api, useTestApp } from './helpers';
import { importAll, linesOf, type PaperFileLine } from './question-bank-helpers';
import { SEED_FILES } from '../src/features/question-bank/seed';

const t = useTestApp();
const papers = linesOf<PaperFileLine>(SEED_FILES.papers);

beforeAll(async () => {
  await importAll(t.database.db);
}, 600_000);

async function dictId(kind: string, name: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: dictionary.id })
    .from(dictionary)
    .where(and(eq(dictionary.kind, kind), eq(dictionary.name, name)));
  return row!.id;
}

async function get<T>(url: string, query: Record<string, string | number | undefined>): Promise<T> {
  const res = await api(t.app, { url, query });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

describe('homework picker searches', () => {
  it('papers filter by stage and subject: a 初中 class finds no 高考 paper, 高中 数学 only its own', async () => {
    const junior = await dictId('stage', '初中');
    const senior = await dictId('stage', '高中');
    const maths = await dictId('subject', '数学');
    expect((await get<Paged<PaperListItem>>(ApiPaths.papers, { stageId: junior, subjectId: maths })).total).toBe(0);
    const own = await get<Paged<PaperListItem>>(ApiPaths.papers, { stageId: senior, subjectId: maths, pageSize: 100 });
    expect(own.total).toBe(papers.filter((p) => p.stage === '高中' && p.subject === '数学').length);
    expect(own.items.every((p) => p.stage.name === '高中' && p.subject.name === '数学')).toBe(true);
  });

  it('a year typed as the keyword finds the papers of that year, with or without 年', async () => {
    const of2010 = papers.filter((p) => p.year === 2010).length;
    expect(of2010).toBeGreaterThan(0);
    for (const keyword of ['2010', '2010年']) {
      const found = await get<Paged<PaperListItem>>(ApiPaths.papers, { keyword, pageSize: 100 });
      expect(found.total).toBe(of2010);
      expect(found.items.every((p) => p.year === 2010)).toBe(true);
    }
    // A paper whose title does not name its year is found by the year too.
    await runImport(
      t.database.db,
      'papers',
      JSON.stringify({
        externalId: 'picker-no-year',
        title: '期末测试卷（节选）',
        stage: '高中',
        subject: '数学',
        paperType: '高考真题',
        year: 2015,
        sections: [
          { title: '一、选择题', questions: [{ externalId: papers[0]!.sections[0]!.questions[0]!.externalId }] },
        ],
      }),
    );
    const found = await get<Paged<PaperListItem>>(ApiPaths.papers, { keyword: '2015 期末', pageSize: 100 });
    expect(found.items.map((p) => p.title)).toEqual(['期末测试卷（节选）']);
  });

  it('knowledge points and questions of one stage do not mix in another stage', async () => {
    const primary = await dictId('stage', '小学');
    const senior = await dictId('stage', '高中');
    const maths = await dictId('subject', '数学');
    const tree = await get<KnowledgePointNode[]>(ApiPaths.knowledgePoints, { stageId: primary, subjectId: maths });
    const all = (ns: KnowledgePointNode[]): KnowledgePointNode[] => ns.flatMap((n) => [n, ...all(n.children)]);
    expect(tree.length).toBeGreaterThan(0);
    expect(all(tree).every((n) => n.stageId === primary)).toBe(true);
    const qs = await get<Paged<QuestionCard>>(ApiPaths.questions, { stageId: senior, subjectId: maths, pageSize: 100 });
    expect(qs.total).toBeGreaterThan(0);
    expect(qs.items.every((q) => q.stage.id === senior)).toBe(true);
  });
});
