/**
 * Demo seed of the question bank (docs/question-bank.md, Demo seed): when demo content is seeded
 * (seed/index.ts) and the question bank is still empty, imports the project's real data from `data/`
 * through the regular importers: knowledge points, questions (TAL-SCQ5K, GAOKAO-Bench), papers and the
 * chapter trees. The books the chapter trees belong to come from the real catalogue the textbooks
 * seeder imported before (seed/index.ts), so 同步资源 has real books to show.
 */
import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questions } from '../../db/schema';
import { repoRoot } from '../../lib/package-root';
import type { Seeder } from '../../seed/seeder';
import { runImport } from './importers';

/** The files of `data/` in import order (questions before papers; chapters after the catalogue books). */
export const SEED_FILES = {
  knowledgePoints: 'knowledge-points-math.jsonl',
  questions: ['questions-tal-math.jsonl', 'questions-gaokao-bench.jsonl', 'questions-training.jsonl'],
  papers: 'papers-gaokao-bench.jsonl',
  chapters: 'chapter-trees.jsonl',
} as const;

/** Imports the real question-bank data of `dir` into `db`; returns the per-file reports' counts. */
export async function seedQuestionBankData(
  db: Db,
  dir: string,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): Promise<void> {
  const started = Date.now();
  const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
  const missing = [SEED_FILES.knowledgePoints, ...SEED_FILES.questions, SEED_FILES.papers, SEED_FILES.chapters].filter(
    (f) => !fs.existsSync(path.join(dir, f)),
  );
  if (missing.length) {
    log.warn({ missing }, 'question bank data files missing: demo question bank not seeded');
    return;
  }
  const counts: Record<string, number> = {};
  const kp = await runImport(db, 'knowledge-points', read(SEED_FILES.knowledgePoints));
  counts.knowledgePoints = kp.created;
  counts.questions = 0;
  for (const f of SEED_FILES.questions) counts.questions += (await runImport(db, 'questions', read(f))).created;
  counts.papers = (await runImport(db, 'papers', read(SEED_FILES.papers))).created;
  // The chapter trees' books are in the catalogue already: the textbooks seeder, which runs
  // before this one (seed/index.ts), imports the whole real catalogue. A tree whose book is not in
  // the catalogue is reported and skipped by the chapter importer.
  counts.chapterTrees = (await runImport(db, 'chapters', read(SEED_FILES.chapters))).created;
  log.info({ ...counts, ms: Date.now() - started }, 'demo question bank seeded');
}

/** Start-up seeder: the real question bank into an empty question bank, when demo content is seeded. */
export const seedQuestionBank: Seeder = async ({ db, log, demo }) => {
  if (!demo) return;
  const [row] = await db.select({ n: count() }).from(questions);
  if ((row?.n ?? 0) > 0) return;
  await seedQuestionBankData(db, path.join(repoRoot(), 'data'), log);
};
