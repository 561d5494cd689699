/**
 * Errata import (docs/publishing.md, Errata import): JSON Lines, one notice a line:
 * `{"book": <id or externalId>, "page": 12, "original": "…", "correction": "…",
 * "publishedOn": "YYYY-MM-DD", "note": "…"}`. Each line is checked like the admin API's body and
 * saved with `saveErratum`, so a re-run updates rather than duplicates. Bad lines are skipped and
 * reported by number with a Chinese reason.
 */
import { erratumBody, plainText, type ImportIssue } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { textbooks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { readJsonLines } from '../../lib/json-lines';
import { saveErratum } from './records';

export interface ErrataImportReport {
  created: number;
  updated: number;
  /** Lines not imported, in line order, with a Chinese reason. */
  skipped: ImportIssue[];
}

const lineShape = erratumBody.omit({ textbookId: true }).extend({
  book: z.union([z.number().int().positive(), plainText(128).min(1)], { error: '请指定教材（id 或 externalId）' }),
});

/** Imports the errata of `text` (JSON Lines, lib/json-lines.ts) into `db`. */
export async function importErrata(db: Db, text: string, now: Date): Promise<ErrataImportReport> {
  const { valid, skipped } = readJsonLines(text, lineShape, (x) => `${x.path.join('.') || '行'}：${x.message}`);
  const report: ErrataImportReport = { created: 0, updated: 0, skipped };
  for (const { line, data } of valid) {
    const { book, ...rest } = data;
    const skip = (message: string) =>
      report.skipped.push({ line, externalId: typeof book === 'string' ? book : null, message });
    const [row] = await db
      .select({ id: textbooks.id })
      .from(textbooks)
      .where(typeof book === 'number' ? eq(textbooks.id, book) : eq(textbooks.externalId, book));
    if (!row) {
      skip(`没有找到教材 ${book}`);
      continue;
    }
    try {
      const { created } = await saveErratum(db, { ...rest, textbookId: row.id }, now);
      if (created) report.created++;
      else report.updated++;
    } catch (err) {
      if (err instanceof AppError) skip(err.message);
      else throw err;
    }
  }
  report.skipped.sort((a, b) => a.line - b.line);
  return report;
}
