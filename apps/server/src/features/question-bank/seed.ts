/**
 * Demo seed of the question bank (docs/question-bank.md, Demo seed): when demo content is seeded
 * (seed/index.ts) and the question bank is still empty, imports the project's real data from `data/`
 * through the regular importers: knowledge points, questions (TAL-SCQ5K, GAOKAO-Bench), papers and the
 * chapter trees. The books the chapter trees belong to are added to the catalogue first from
 * `data/textbooks-chinatextbook.jsonl` (metadata only), so 同步资源 has real books to show.
 */
import fs from 'node:fs';
import path from 'node:path';
import { count, notLike } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questions, textbooks } from '../../db/schema';
import { repoRoot } from '../../lib/package-root';
import type { Seeder } from '../../seed/seeder';
import { ensureNames, ensureStageSubjects } from './import-common';
import { runImport } from './importers';

/** External ids of the demo catalogue's books start with this (textbooks seed, `demoExternalId`). */
const DEMO_BOOK_PREFIX = 'demo-';

/** The files of `data/` in import order (questions before papers; chapters after the catalogue books). */
export const SEED_FILES = {
  knowledgePoints: 'knowledge-points-math.jsonl',
  questions: ['questions-tal-math.jsonl', 'questions-gaokao-bench.jsonl', 'questions-training.jsonl'],
  papers: 'papers-gaokao-bench.jsonl',
  chapters: 'chapter-trees.jsonl',
  catalogue: 'textbooks-chinatextbook.jsonl',
} as const;

interface CatalogueLine {
  externalId: string;
  title: string;
  stage: string;
  subject: string;
  edition?: string;
  publisher?: string;
  grade?: string;
  volume?: string;
  fileSize?: number;
}

/** Adds the catalogue books named by the chapter trees that the catalogue does not hold yet. */
export async function ensureChapterBooks(db: Db, chaptersText: string, catalogueText: string): Promise<number> {
  const wanted = new Set<string>();
  for (const line of chaptersText.split('\n')) {
    if (!line.trim()) continue;
    try {
      const id = (JSON.parse(line) as { externalId?: unknown }).externalId;
      if (typeof id === 'string') wanted.add(id);
    } catch {
      // A bad line is the chapter importer's to report.
    }
  }
  const books: CatalogueLine[] = [];
  for (const line of catalogueText.split('\n')) {
    if (!line.trim()) continue;
    const b = JSON.parse(line) as CatalogueLine;
    if (wanted.has(b.externalId) && b.edition) books.push(b);
  }
  if (!books.length) return 0;
  return db.transaction(async (tx) => {
    const created: Record<string, number> = {};
    const { stage, subject } = await ensureStageSubjects(tx, books, created);
    const edition = await ensureNames(
      tx,
      'edition',
      books.map((b) => b.edition!),
      created,
    );
    const publisher = await ensureNames(
      tx,
      'publisher',
      books.flatMap((b) => (b.publisher ? [b.publisher] : [])),
      created,
    );
    const volume = await ensureNames(
      tx,
      'volume',
      books.flatMap((b) => (b.volume ? [b.volume] : [])),
      created,
    );
    const gradeStage = new Map<string, number>();
    for (const b of books) if (b.grade && !gradeStage.has(b.grade)) gradeStage.set(b.grade, stage.get(b.stage)!);
    const grade = await ensureNames(tx, 'grade', gradeStage.keys(), created, (g) => gradeStage.get(g) ?? null);
    const rows = await tx
      .insert(textbooks)
      .values(
        books.map((b) => ({
          externalId: b.externalId,
          title: b.title,
          stageId: stage.get(b.stage)!,
          subjectId: subject.get(b.subject)!,
          editionId: edition.get(b.edition!)!,
          publisherId: b.publisher ? publisher.get(b.publisher)! : null,
          gradeId: b.grade ? grade.get(b.grade)! : null,
          volumeId: b.volume ? volume.get(b.volume)! : null,
          fileSize: typeof b.fileSize === 'number' ? b.fileSize : null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: textbooks.id });
    return rows.length;
  });
}

/** Imports the real question-bank data of `dir` into `db`; returns the per-file reports' counts. */
export async function seedQuestionBankData(
  db: Db,
  dir: string,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): Promise<void> {
  const started = Date.now();
  const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
  const missing = [
    SEED_FILES.knowledgePoints,
    ...SEED_FILES.questions,
    SEED_FILES.papers,
    SEED_FILES.chapters,
    SEED_FILES.catalogue,
  ].filter((f) => !fs.existsSync(path.join(dir, f)));
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
  const chaptersText = read(SEED_FILES.chapters);
  // Books go into the catalogue only beside the demo catalogue: a catalogue that already holds real
  // books is an operator's, and demo content never adds to it (docs/api.md, Configuration: SEED_DEMO).
  const [real] = await db
    .select({ n: count() })
    .from(textbooks)
    .where(notLike(textbooks.externalId, `${DEMO_BOOK_PREFIX}%`));
  counts.catalogueBooks =
    (real?.n ?? 0) === 0 ? await ensureChapterBooks(db, chaptersText, read(SEED_FILES.catalogue)) : 0;
  counts.chapterTrees = (await runImport(db, 'chapters', chaptersText)).created;
  log.info({ ...counts, ms: Date.now() - started }, 'demo question bank seeded');
}

/** Start-up seeder: the real question bank into an empty question bank, when demo content is seeded. */
export const seedQuestionBank: Seeder = async ({ db, log, demo }) => {
  if (!demo) return;
  const [row] = await db.select({ n: count() }).from(questions);
  if ((row?.n ?? 0) > 0) return;
  await seedQuestionBankData(db, path.join(repoRoot(), 'data'), log);
};
