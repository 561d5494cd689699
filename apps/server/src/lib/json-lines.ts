/**
 * The importers' one JSON Lines reader (docs/api.md, Import formats): one JSON object per line, a
 * leading BOM and CR line ends accepted, blank lines ignored; each line validated by a zod schema.
 * A bad line is reported (1-based line number, its externalId when readable, a Chinese message) and
 * the others go on, so one typo never loses a whole file.
 */
import type { ImportIssue } from '@eav/contract';
import type { z } from 'zod';

/** A valid line and its 1-based line number. */
export interface JsonLine<T> {
  line: number;
  data: T;
}

/** Reads `text`; `describe` turns one zod issue into Chinese (default: the issue's own message). */
export function readJsonLines<T>(
  text: string,
  schema: z.ZodType<T>,
  describe: (issue: z.core.$ZodIssue) => string = (issue) => issue.message,
): { lines: number; valid: JsonLine<T>[]; skipped: ImportIssue[] } {
  const valid: JsonLine<T>[] = [];
  const skipped: ImportIssue[] = [];
  let lines = 0;
  const all = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < all.length; i++) {
    const raw = all[i]!.trim();
    if (!raw) continue;
    lines++;
    const line = i + 1;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      skipped.push({ line, externalId: null, message: '不是合法的 JSON' });
      continue;
    }
    if (!json || typeof json !== 'object' || Array.isArray(json)) {
      skipped.push({ line, externalId: null, message: '应为一个 JSON 对象' });
      continue;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const ext = (json as { externalId?: unknown }).externalId;
      skipped.push({
        line,
        externalId: typeof ext === 'string' ? ext.slice(0, 200) : null,
        message: parsed.error.issues.map(describe).join('；'),
      });
      continue;
    }
    valid.push({ line, data: parsed.data });
  }
  return { lines, valid, skipped };
}
