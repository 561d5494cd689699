/**
 * Helpers of the question-bank integration tests: the real data files of `data/`, parsed, with counts
 * computed from them (never hard-coded), and the import of all of them into a test database.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../src/db/client';
import { runImport } from '../src/features/question-bank/importers';
import { SEED_FILES } from '../src/features/question-bank/seed';
import { importTextbooks } from '../src/features/textbooks';
import { CATALOGUE_FILE } from '../src/features/textbooks/seed';

export const DATA_DIR = fileURLToPath(new URL('../../../data/', import.meta.url));
export const dataFile = (name: string) => `${DATA_DIR}${name}`;
export const readData = (name: string) => fs.readFileSync(dataFile(name), 'utf8');

export interface QuestionFileLine {
  externalId: string;
  stage: string;
  subject: string;
  type: string;
  stem: string;
  options?: { key: string; text: string }[];
  answer: string | string[];
  analysis?: string;
  score?: number;
  difficulty?: number;
  knowledgePoints?: string[];
  year?: number;
  region?: string;
  source?: string;
}

export interface PaperFileLine {
  externalId: string;
  title: string;
  stage: string;
  subject: string;
  year: number;
  region: string;
  partial?: boolean;
  sections: { title: string; questions: { externalId: string; number: number; score: number }[] }[];
}

export interface ChapterFileNode {
  title: string;
  page: number | null;
  pageInferred?: boolean;
  starred?: boolean;
  children: ChapterFileNode[];
}

export interface ChapterFileLine {
  externalId: string | null;
  title: string;
  stage: string;
  subject: string;
  edition: string;
  grade: string;
  volume: string;
  pageKind?: string;
  chapters: ChapterFileNode[];
}

/** Non-empty lines of a data file, parsed, with their 1-based line numbers. */
export function linesOf<T>(name: string): (T & { line: number })[] {
  return readData(name)
    .split('\n')
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.trim())
    .map(({ l, i }) => ({ ...(JSON.parse(l) as T), line: i + 1 }));
}

export const allQuestions = () => [...SEED_FILES.questions.flatMap((f) => linesOf<QuestionFileLine>(f))];

export function countNodes(ns: ChapterFileNode[]): number {
  return ns.reduce((n, c) => n + 1 + countNodes(c.children), 0);
}

/** Imports every question-bank file (and, before the chapter trees, the real catalogue) into `db`. */
export async function importAll(db: Db): Promise<void> {
  await runImport(db, 'knowledge-points', readData(SEED_FILES.knowledgePoints));
  for (const f of SEED_FILES.questions) await runImport(db, 'questions', readData(f));
  await runImport(db, 'papers', readData(SEED_FILES.papers));
  await importTextbooks(db, readData(CATALOGUE_FILE));
  await runImport(db, 'chapters', readData(SEED_FILES.chapters));
}
