/**
 * The four question-bank importers by kind (docs/api.md, Import formats), for the CLI, the operator
 * endpoint and the demo seed.
 */
import type { ImportReport, QuestionBankImportKind } from '@eav/contract';
import type { Db } from '../../db/client';
import type { QuestionBankImportOptions } from './import-common';
import { importChapters } from './import-chapters';
import { importKnowledgePoints } from './import-knowledge-points';
import { importPapers } from './import-papers';
import { importQuestions } from './import-questions';
import { invalidateSnapshot } from './search-index';

export { formatReport } from './import-common';
export { importChapters, importKnowledgePoints, importPapers, importQuestions };

/** Chinese name of each kind, for reports. */
export const IMPORT_KIND_LABELS: Record<QuestionBankImportKind, string> = {
  questions: '试题',
  papers: '试卷',
  'knowledge-points': '知识点',
  chapters: '教材目录',
};

/** Runs the importer of `kind`; searches of this process see the result at once. */
export async function runImport(
  db: Db,
  kind: QuestionBankImportKind,
  text: string,
  opts: QuestionBankImportOptions = {},
): Promise<ImportReport> {
  try {
    switch (kind) {
      case 'questions':
        return await importQuestions(db, text, opts);
      case 'papers':
        return await importPapers(db, text, opts);
      case 'knowledge-points':
        return await importKnowledgePoints(db, text, opts);
      case 'chapters':
        return await importChapters(db, text, opts);
    }
  } finally {
    invalidateSnapshot(db);
  }
}
