/**
 * Question-bank benchmarks: question list, facets and stem keyword search, and the paper list, on the
 * real data (data/questions-*.jsonl, 7,798 questions; 282 papers) on PGlite and PostgreSQL, and on
 * 200,000 synthetic questions on PostgreSQL; paper DOCX and PDF export times.
 *
 * The real files are imported with the product's own importers before the server starts (PGlite: into the
 * server's DATA_DIR; PostgreSQL: a fresh database on BENCH_DATABASE_URL, default TEST_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards). The synthetic bank repeats the real
 * questions inside the database (`INSERT … SELECT … generate_series`), each copy a variant with the first
 * 200 characters of the stem and a distinct externalId, until 200,000 questions. Targets: p99 < 20 ms on the
 * real data and < 50 ms at 200,000 questions on PostgreSQL at 100 req/s (paced run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ApiPaths, SIGN_HEADERS, signRequest, type KnowledgePointNode, type QuestionFacets } from '@eav/contract';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../../apps/server/src/db/client';
import { runImport } from '../../apps/server/src/features/question-bank/importers';
import { SEED_FILES } from '../../apps/server/src/features/question-bank/seed';
import { renderPaperDocx, renderPaperPdf, type ExportPaper } from '../../apps/server/src/lib/paper-export';
import { seedDictionaries } from '../../apps/server/src/seed/dictionaries';
import {
  BENCH_SIGN_SECRET,
  startServer,
  type BenchContext,
  type LoadResult,
  type LoadScenario,
  type MeasureScenario,
  type RequestSpec,
  type ScenarioModule,
  type ScenarioState,
} from '../run';
import { PG_SHOWN_URL, freshDatabase, pgReachable } from '../pg';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const DATA = path.join(ROOT, 'data');
const SYNTHETIC_SIZE = 200_000;

type Engine = 'pglite' | 'postgres';
type Size = 'real' | 'synthetic';

interface Prepared {
  env: Record<string, string>;
  dispose(): Promise<void>;
}
const prepared = new Map<string, Promise<Prepared>>();

async function importReal(database: Database, ctx: BenchContext): Promise<void> {
  const t0 = performance.now();
  const read = (f: string) => fs.readFileSync(path.join(DATA, f), 'utf8');
  await seedDictionaries(database.db);
  await runImport(database.db, 'knowledge-points', read(SEED_FILES.knowledgePoints));
  for (const f of SEED_FILES.questions) await runImport(database.db, 'questions', read(f));
  await runImport(database.db, 'papers', read(SEED_FILES.papers));
  ctx.log(`imported the real question bank in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** Repeats the real questions inside the database until `SYNTHETIC_SIZE` questions. */
async function growSynthetic(database: Database, ctx: BenchContext): Promise<void> {
  const t0 = performance.now();
  const real = Number(
    rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from questions`))[0]?.n ?? 0,
  );
  const copies = Math.ceil(SYNTHETIC_SIZE / real) - 1;
  await database.db.execute(sql`
    insert into questions (external_id, stage_id, subject_id, type, stem, options, answer, analysis, score,
                           difficulty, year, region, source, origin)
    select q.external_id || '-v' || g, q.stage_id, q.subject_id, q.type,
           left(q.stem, 200) || '（变式' || g || '）', q.options, q.answer, left(q.analysis, 200), q.score,
           q.difficulty, q.year, q.region, q.source, q.origin
    from questions q cross join generate_series(1, ${copies}) g
    order by q.id, g
    limit ${SYNTHETIC_SIZE - real}`);
  await database.db.execute(sql`
    insert into question_knowledge_points (question_id, knowledge_point_id)
    select v.id, l.knowledge_point_id
    from questions v
    join questions q on v.external_id like q.external_id || '-v%'
    join question_knowledge_points l on l.question_id = q.id
    where v.external_id ~ '-v[0-9]+$' and q.external_id !~ '-v[0-9]+$'
    on conflict do nothing`);
  await database.db.execute(sql`analyze`);
  ctx.log(`grew the question bank to ${SYNTHETIC_SIZE} questions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

function prepare(engine: Engine, size: Size, ctx: BenchContext): Promise<Prepared> {
  const key = `${engine}:${size}`;
  let p = prepared.get(key);
  if (!p) {
    p = (async () => {
      if (engine === 'pglite') {
        const dataDir = ctx.tmpDir(`eav-bench-qb-${size}-`);
        const database = await openDatabase({ dataDir });
        await database.migrate();
        await importReal(database, ctx);
        if (size === 'synthetic') await growSynthetic(database, ctx);
        await database.close();
        return { env: { DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '' }, dispose: async () => {} };
      }
      const name = `eav_bench_question_bank_${size}`;
      const fresh = await freshDatabase(name);
      const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
      await database.migrate();
      await importReal(database, ctx);
      if (size === 'synthetic') await growSynthetic(database, ctx);
      await database.db.execute(sql`analyze`);
      await database.close();
      return {
        env: { DATA_DIR: ctx.tmpDir('eav-bench-qb-pgdata-'), SEED_DEMO: 'false', DATABASE_URL: fresh.url },
        dispose: async () => {
          await fresh.drop();
        },
      };
    })();
    prepared.set(key, p);
  }
  return p;
}

async function signedGet<T>(url: string, p: string, query: Record<string, string> = {}): Promise<T> {
  const timestamp = Date.now();
  const sign = signRequest({ method: 'GET', path: p, query, timestamp }, BENCH_SIGN_SECRET);
  const qs = new URLSearchParams(query).toString();
  const res = await fetch(`${url}${p}${qs ? `?${qs}` : ''}`, {
    headers: { [SIGN_HEADERS.timestamp]: String(timestamp), [SIGN_HEADERS.sign]: sign },
  });
  if (!res.ok) throw new Error(`${p} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

interface QbState extends ScenarioState {
  stop(): Promise<void>;
  facets: QuestionFacets;
  kpId: number | undefined;
}

const KEYWORDS = ['函数', '三角形', '已知', '概率', 'the', '细胞'];

/** Filter combinations a teacher clicks through in the cloud question bank. */
function filterSets(s: QbState): Record<string, string | number | undefined>[] {
  const f = s.facets;
  const idOf = (dim: 'stage' | 'subject', name: string) => f[dim].find((v) => v.name === name)?.id;
  return [
    {},
    { stageId: idOf('stage', '高中'), subjectId: idOf('subject', '数学') },
    { stageId: idOf('stage', '高中'), subjectId: idOf('subject', '数学'), type: '解答题' },
    { subjectId: idOf('subject', '历史'), year: 2016 },
    { stageId: idOf('stage', '初中'), difficulty: 3 },
    { knowledgePointId: s.kpId },
    { origin: 'gaokao', region: '全国（新课标Ⅰ卷）' },
  ];
}

function scenarios(engine: Engine, size: Size): LoadScenario<QbState>[] {
  const label = `${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${size === 'real' ? '7,798 questions' : '200,000 questions'}`;
  const setup = async (ctx: BenchContext): Promise<QbState> => {
    const prep = await prepare(engine, size, ctx);
    const server = await startServer({ kind: 'portal', env: prep.env });
    const facets = await signedGet<QuestionFacets>(server.url, ApiPaths.questionFacets);
    const junior = facets.stage.find((v) => v.name === '初中')?.id;
    const tree = await signedGet<KnowledgePointNode[]>(
      server.url,
      ApiPaths.knowledgePoints,
      junior ? { stageId: String(junior) } : {},
    );
    const kpId = tree.find((n) => n.name === '数')?.children.find((c) => c.name === '有理数')?.id;
    return { url: server.url, stop: server.stop, facets, kpId };
  };
  const teardown = (s: QbState) => s.stop();
  const list: LoadScenario<QbState> = {
    name: `question search (${label})`,
    description:
      `\`GET /api/v1/questions\`: 7 filter combinations × pages 1 and 5, and 6 stem keywords (${KEYWORDS.join('、')}) ` +
      `alone and with a stage filter, pageSize 20 (${label}).`,
    setup,
    teardown,
    requests: (s) => [
      ...filterSets(s).flatMap((q): RequestSpec[] => [
        { path: ApiPaths.questions, query: { ...q, page: 1, pageSize: 20 } },
        { path: ApiPaths.questions, query: { ...q, page: 5, pageSize: 20 } },
      ]),
      ...KEYWORDS.flatMap((keyword): RequestSpec[] => [
        { path: ApiPaths.questions, query: { keyword, pageSize: 20 } },
        { path: ApiPaths.questions, query: { keyword, stageId: s.facets.stage[0]?.id, pageSize: 20 } },
      ]),
    ],
  };
  const facets: LoadScenario<QbState> = {
    name: `question facets (${label})`,
    description: `\`GET /api/v1/questions/facets\`: the same 7 filter combinations and 3 keywords (${label}).`,
    setup,
    teardown,
    requests: (s) => [
      ...filterSets(s).map((q) => ({ path: ApiPaths.questionFacets, query: q })),
      ...KEYWORDS.slice(0, 3).map((keyword) => ({ path: ApiPaths.questionFacets, query: { keyword } })),
    ],
  };
  const papers: LoadScenario<QbState> = {
    name: `paper list (${label})`,
    description: `\`GET /api/v1/papers\` unfiltered, by year and subject, by keyword; and \`/papers/facets\` (${label}).`,
    teardown: async (s) => {
      await s.stop();
      const p = prepared.get(`${engine}:${size}`);
      prepared.delete(`${engine}:${size}`);
      await p?.then((x) => x.dispose());
    },
    setup,
    requests: (s) => {
      const math = s.facets.subject.find((v) => v.name === '数学')?.id;
      return [
        { path: ApiPaths.papers, query: { pageSize: 20 } },
        { path: ApiPaths.papers, query: { year: 2016, subjectId: math, pageSize: 20 } },
        { path: ApiPaths.papers, query: { keyword: '新课标', pageSize: 20 } },
        { path: ApiPaths.paperFacets, query: { year: 2016 } },
      ];
    },
  };
  return [list, facets, papers];
}

/** Paper export timings, in process (the same renderer the export routes call), on a paper of the real files. */
const exportScenario: MeasureScenario = {
  name: 'paper export (DOCX, PDF)',
  description:
    'Render times of `renderPaperDocx` / `renderPaperPdf` for a real 2016 高考 maths paper (with answers and 解析) and a ' +
    '20-question composed paper, median of 5 after one warm-up, in the bench process.',
  setup: async () => ({ url: '' }),
  async measure() {
    const read = (f: string) =>
      fs
        .readFileSync(path.join(DATA, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const byId = new Map(SEED_FILES.questions.flatMap((f) => read(f)).map((q) => [q.externalId as string, q]));
    const paper = read(SEED_FILES.papers).find((p) => p.year === 2016 && p.subject === '数学') as unknown as {
      title: string;
      sections: { title: string; questions: { externalId: string; number: number; score: number }[] }[];
    };
    const doc: ExportPaper = {
      title: paper.title,
      subtitle: '节选',
      includeAnswers: true,
      sections: paper.sections.map((sec) => ({
        title: sec.title,
        questions: sec.questions.map((ref) => {
          const q = byId.get(ref.externalId) as {
            stem: string;
            options?: { key: string; text: string }[];
            answer: string | string[];
            analysis?: string;
          };
          return {
            number: ref.number,
            score: ref.score,
            stem: q.stem,
            ...(q.options ? { options: q.options } : {}),
            answer: Array.isArray(q.answer) ? q.answer.join('；') : q.answer,
            ...(q.analysis ? { analysis: q.analysis } : {}),
          };
        }),
      })),
    };
    const all = [...byId.values()].filter((q) => q.subject === '数学').slice(0, 20);
    const twenty: ExportPaper = {
      title: '组卷 20 题',
      includeAnswers: true,
      sections: [
        {
          title: '一、选择题',
          questions: all.map((q, i) => ({
            number: i + 1,
            score: 5,
            stem: q.stem as string,
            ...(q.options ? { options: q.options as { key: string; text: string }[] } : {}),
            answer: String(q.answer),
          })),
        },
      ],
    };
    const time = async (fn: () => Promise<Buffer>) => {
      await fn();
      const runs: { ms: number; size: number }[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        const buf = await fn();
        runs.push({ ms: performance.now() - t0, size: buf.length });
      }
      runs.sort((a, b) => a.ms - b.ms);
      return runs[2]!;
    };
    const rows: (string | number)[][] = [];
    for (const d of [doc, twenty]) {
      const n = d.sections.reduce((k, sec) => k + sec.questions.length, 0);
      const docx = await time(() => renderPaperDocx(d));
      const pdf = await time(() => renderPaperPdf(d));
      rows.push([
        `${d.title}（${n} 题）`,
        docx.ms.toFixed(0),
        (docx.size / 1024).toFixed(0),
        pdf.ms.toFixed(0),
        (pdf.size / 1024).toFixed(0),
      ]);
    }
    return { table: { columns: ['paper', 'DOCX ms', 'DOCX KiB', 'PDF ms', 'PDF KiB'], rows } };
  },
};

function aimVerdict(results: LoadResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    const pg = r.name.includes('PostgreSQL');
    if (!pg) continue;
    const bound = r.name.includes('200,000') ? 50 : 20;
    const paced = r.paced;
    if (paced)
      lines.push(
        `- ${r.name}: paced p99 ${paced.p99.toFixed(1)} ms at ${paced.rate} req/s (aim < ${bound} ms: ${paced.p99 < bound ? 'met' : 'not met'})`,
      );
  }
  return lines.length
    ? [
        'Aims (PostgreSQL, paced run): p99 < 20 ms on the real data and < 50 ms at 200,000 questions. Machine load ' +
          `at the end of the run: ${os.loadavg()[0]!.toFixed(1)} (1-minute average) on ${os.cpus().length} cores.`,
        lines.join('\n'),
      ].join('\n\n')
    : '';
}

const withPg = await pgReachable();

const mod: ScenarioModule = {
  title: 'Question bank',
  intro: [
    'Question list, facets and stem keyword search, and the paper list, on the real data imported with the product ' +
      'importers (7,798 questions, 282 papers) and on 200,000 synthetic questions (the real ones repeated as ' +
      'variants with the first 200 characters of the stem). Lists, totals, facets and keyword matching run in process ' +
      'over a snapshot keyed by the question-bank version (docs/question-bank.md, Search); the page rows are fetched by id.',
    ...(withPg ? [] : [`PostgreSQL scenarios skipped: no server at ${PG_SHOWN_URL}.`]),
  ],
  summarize: aimVerdict,
  scenarios: [
    ...scenarios('pglite', 'real'),
    ...(withPg ? [...scenarios('postgres', 'real'), ...scenarios('postgres', 'synthetic')] : []),
    exportScenario,
  ],
};

export default mod;
