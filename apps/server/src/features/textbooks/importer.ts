/**
 * Textbook catalogue importer (docs/api.md, Textbook catalogue import): JSON Lines, one textbook a line, keyed by
 * `externalId`. Bad lines are reported with their 1-based line number and skipped; the rest is
 * upserted in batches inside one transaction (all or nothing on a database failure). Dictionary
 * entries (stage, subject, edition, publisher, grade, volume) are created on the fly; grades get
 * the stage of the line that introduced them and every stage → subject pair is recorded.
 * Lines identical in every field but their externalId are imported as one book; a line without a
 * publisher takes its edition's one when the file's other lines of that edition all name the same;
 * the report lists the likely duplicates the file touched (docs/textbooks.md, Duplicates).
 * Used by `npm run import:textbooks`, the console's catalogue import jobs and the demo seed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  CONTROL_CHARS_MESSAGE,
  isPlainText,
  TEXTBOOK_ACCESS,
  type DictKind,
  type ImportDuplicate,
  type ImportIssue,
  type ImportReport,
} from '@eav/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { stageSubject, textbooks } from '../../db/schema';
import { readJsonLines, type JsonLine } from '../../lib/json-lines';
import type { ResourceStorage } from '../../lib/storage';
import { ensureImportedNames, officialName } from '../../seed/dictionaries';

/** Rows per INSERT statement: large enough to amortise round trips, small enough for parameter limits. */
const BATCH = 500;

const optionalName = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null))
    .refine((v) => v === null || v.length <= max, `不能超过 ${max} 个字`)
    .refine((v) => v === null || isPlainText(v), CONTROL_CHARS_MESSAGE);

const requiredName = (label: string, max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? `缺少必填字段（${label}）` : `应为文本（${label}）`) })
    .trim()
    .min(1, `不能为空（${label}）`)
    .max(max, `不能超过 ${max} 个字（${label}）`)
    .refine(isPlainText, `${CONTROL_CHARS_MESSAGE}（${label}）`);

/** One line of the import file (docs/api.md, Textbook catalogue import; unknown keys are ignored). */
export const importLine = z.object({
  externalId: requiredName('externalId', 100),
  title: requiredName('title 标题', 200),
  stage: requiredName('stage 学段', 50),
  subject: requiredName('subject 学科', 50),
  edition: requiredName('edition 版本', 50),
  publisher: optionalName(100),
  grade: optionalName(50),
  volume: optionalName(50),
  fileSize: z
    .union([z.number(), z.string().regex(/^\d+$/), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? null : Number(v)))
    .refine((v) => v === null || (Number.isSafeInteger(v) && v >= 0), 'fileSize 应为非负整数'),
  coverUrl: optionalName(2000),
  fileUrl: optionalName(2000),
  /** Extension: who may read the book (defaults to activation for new books, kept on update). */
  access: z.enum(TEXTBOOK_ACCESS).optional(),
  description: optionalName(2000),
});
export type ImportLine = z.infer<typeof importLine>;

const FIELD_LABELS: Record<string, string> = {
  externalId: 'externalId',
  title: 'title（标题）',
  stage: 'stage（学段）',
  subject: 'subject（学科）',
  edition: 'edition（版本）',
  publisher: 'publisher（出版社）',
  grade: 'grade（年级）',
  volume: 'volume（册次）',
  fileSize: 'fileSize（文件大小）',
  coverUrl: 'coverUrl（封面）',
  fileUrl: 'fileUrl（文件）',
  access: 'access（阅读权限）',
  description: 'description（简介）',
};

export interface ImportOptions {
  /** Directory of the import file: relative coverUrl/fileUrl resolve against it (CLI). */
  baseDir?: string | undefined;
  /**
   * The file storage referenced local files are copied into (`textbooks/files/…`,
   * `textbooks/covers/…`); they are ignored without it.
   */
  storage?: ResourceStorage | undefined;
  /**
   * Called once the lines are checked (`done` 0) and after every written batch: books written so
   * far and books to write (the valid lines). Used by the console's import jobs for their progress.
   */
  onProgress?: ((progress: { done: number; total: number }) => void) | undefined;
}

/** Reads and validates the file (lib/json-lines.ts); returns the valid lines and the issues of the others. */
export function parseImportText(text: string): {
  lines: number;
  valid: JsonLine<ImportLine>[];
  skipped: ImportIssue[];
} {
  return readJsonLines(text, importLine, (issue) => {
    const key = String(issue.path[0] ?? '');
    const label = FIELD_LABELS[key] ?? key;
    return issue.message.includes('（') ? issue.message : `${label}${issue.message}`;
  });
}

const isHttp = (v: string) => /^https?:\/\//i.test(v);

/**
 * Copies a local file referenced by the import into the storage under a content-addressed key
 * (stored once: the same bytes have the same key). Answers the key, or a warning when the
 * reference is unusable (and the line is imported without that file).
 */
async function storeLocalFile(
  ref: string,
  opts: ImportOptions,
  kind: 'file' | 'cover',
): Promise<{ key?: string; warning?: string }> {
  if (!opts.baseDir || !opts.storage)
    return { warning: `${kind === 'file' ? 'fileUrl' : 'coverUrl'} 是相对路径，仅命令行导入时可用，已忽略` };
  const abs = path.resolve(opts.baseDir, ref);
  if (!abs.startsWith(path.resolve(opts.baseDir) + path.sep))
    return { warning: `${ref} 不在导入文件所在目录内，已忽略` };
  let buf: Buffer;
  try {
    buf = await fs.promises.readFile(abs);
  } catch {
    return { warning: `找不到文件 ${ref}，已忽略` };
  }
  const ext = path.extname(abs).toLowerCase();
  if (kind === 'file' && buf.subarray(0, 5).toString('latin1') !== '%PDF-')
    return { warning: `${ref} 不是 PDF 文件，已忽略` };
  if (kind === 'cover' && !['.jpg', '.jpeg', '.png', '.webp', '.svg'].includes(ext))
    return { warning: `${ref} 不是支持的封面图片（jpg/png/webp/svg），已忽略` };
  const hash = createHash('sha256').update(buf).digest('hex');
  const key = `textbooks/${kind === 'file' ? 'files' : 'covers'}/${hash}${kind === 'file' ? '.pdf' : ext}`;
  if ((await opts.storage.size(key)) === null) await opts.storage.put(key, buf);
  return { key };
}

/**
 * Imports a JSONL catalogue.
 * @returns counts (created, updated, unchanged), skipped lines with reasons, warnings, timing.
 * @throws only on a database failure (then nothing of the file is written).
 */
export async function importTextbooks(db: Db, text: string, opts: ImportOptions = {}): Promise<ImportReport> {
  const started = Date.now();
  const { lines, valid, skipped } = parseImportText(text);
  const warnings: ImportIssue[] = [];

  // Same externalId twice in one file: the last line wins (as a second import would).
  const lastLine = new Map<string, number>();
  for (const v of valid) lastLine.set(v.data.externalId, v.line);
  const unique = valid.filter((v) => {
    const last = lastLine.get(v.data.externalId)!;
    if (last === v.line) return true;
    skipped.push({
      line: v.line,
      externalId: v.data.externalId,
      message: `externalId 与第 ${last} 行重复，以第 ${last} 行为准`,
    });
    return false;
  });
  skipped.sort((a, b) => a.line - b.line);
  const { rows, merged } = mergeIdentical(unique);
  opts.onProgress?.({ done: 0, total: rows.length });

  // Local files first (outside the transaction: copying is idempotent by content hash).
  const files: { fileKey: string | null; coverKey: string | null; fileUrl: string | null; coverUrl: string | null }[] =
    [];
  for (const r of rows) {
    const out: (typeof files)[number] = { fileKey: null, coverKey: null, fileUrl: null, coverUrl: null };
    for (const kind of ['file', 'cover'] as const) {
      const ref = kind === 'file' ? r.data.fileUrl : r.data.coverUrl;
      if (!ref) continue;
      if (isHttp(ref)) {
        if (kind === 'file') out.fileUrl = ref;
        else out.coverUrl = ref;
        continue;
      }
      const stored = await storeLocalFile(ref, opts, kind);
      if (stored.warning) warnings.push({ line: r.line, externalId: r.data.externalId, message: stored.warning });
      if (stored.key) {
        if (kind === 'file') out.fileKey = stored.key;
        else out.coverKey = stored.key;
      }
    }
    files.push(out);
  }

  let created = 0;
  let updated = 0;
  let duplicates: ImportDuplicate[] = [];
  let publishersFilled = 0;
  const dictionaryCreated: Record<string, number> = {};

  await db.transaction(async (tx) => {
    publishersFilled = await fillPublishers(tx, rows);
    const names: Record<DictKind, Set<string>> = {
      stage: new Set(),
      subject: new Set(),
      edition: new Set(),
      publisher: new Set(),
      grade: new Set(),
      volume: new Set(),
    };
    const gradeStage = new Map<string, string>();
    for (const { data } of rows) {
      names.stage.add(data.stage);
      names.subject.add(data.subject);
      names.edition.add(data.edition);
      if (data.publisher) names.publisher.add(data.publisher);
      if (data.grade) {
        names.grade.add(data.grade);
        if (!gradeStage.has(data.grade)) gradeStage.set(data.grade, data.stage);
      }
      if (data.volume) names.volume.add(data.volume);
    }
    const ids = {} as Record<DictKind, Map<string, number>>;
    for (const kind of ['stage', 'subject', 'edition', 'publisher', 'volume'] as const) {
      const r = await ensureImportedNames(tx, kind, names[kind]);
      ids[kind] = r.ids;
      if (r.created) dictionaryCreated[kind] = r.created;
    }
    const g = await ensureImportedNames(
      tx,
      'grade',
      names.grade,
      (grade) => ids.stage.get(gradeStage.get(grade)!) ?? null,
    );
    ids.grade = g.ids;
    if (g.created) dictionaryCreated.grade = g.created;

    const pairs = new Map<string, { stageId: number; subjectId: number }>();
    for (const { data } of rows) {
      const stageId = ids.stage.get(data.stage)!;
      const subjectId = ids.subject.get(data.subject)!;
      pairs.set(`${stageId}:${subjectId}`, { stageId, subjectId });
    }
    if (pairs.size)
      await tx
        .insert(stageSubject)
        .values([...pairs.values()])
        .onConflictDoNothing();

    const values = rows.map(({ data }, i) => ({
      row: {
        externalId: data.externalId,
        title: data.title,
        stageId: ids.stage.get(data.stage)!,
        subjectId: ids.subject.get(data.subject)!,
        editionId: ids.edition.get(data.edition)!,
        publisherId: data.publisher ? ids.publisher.get(data.publisher)! : null,
        gradeId: data.grade ? ids.grade.get(data.grade)! : null,
        volumeId: data.volume ? ids.volume.get(data.volume)! : null,
        fileSize: data.fileSize,
        coverUrl: files[i]!.coverUrl,
        fileUrl: files[i]!.fileUrl,
        fileKey: files[i]!.fileKey,
        coverKey: files[i]!.coverKey,
        access: data.access ?? 'activation',
        description: data.description,
      },
      explicitAccess: data.access !== undefined,
    }));

    const ex = (col: string) => sql.raw(`excluded.${col}`);
    const baseSet = {
      title: ex('title'),
      stageId: ex('stage_id'),
      subjectId: ex('subject_id'),
      editionId: ex('edition_id'),
      publisherId: ex('publisher_id'),
      gradeId: ex('grade_id'),
      volumeId: ex('volume_id'),
      fileSize: ex('file_size'),
      coverUrl: ex('cover_url'),
      fileUrl: ex('file_url'),
      // A line without a local file keeps the one stored before (files are not re-sent every time).
      fileKey: sql`coalesce(excluded.file_key, ${textbooks.fileKey})`,
      coverKey: sql`coalesce(excluded.cover_key, ${textbooks.coverKey})`,
      description: sql`coalesce(excluded.description, ${textbooks.description})`,
      updatedAt: sql`now()`,
    };
    const cols = [
      'title',
      'stage_id',
      'subject_id',
      'edition_id',
      'publisher_id',
      'grade_id',
      'volume_id',
      'file_size',
      'cover_url',
      'file_url',
    ];
    const changed = (withAccess: boolean) =>
      sql.raw(
        `(${[...cols, ...(withAccess ? ['access'] : [])].map((c) => `textbooks.${c}`).join(', ')}) IS DISTINCT FROM (${[...cols, ...(withAccess ? ['access'] : [])].map((c) => `excluded.${c}`).join(', ')})` +
          ` OR (excluded.file_key IS NOT NULL AND excluded.file_key IS DISTINCT FROM textbooks.file_key)` +
          ` OR (excluded.cover_key IS NOT NULL AND excluded.cover_key IS DISTINCT FROM textbooks.cover_key)` +
          ` OR (excluded.description IS NOT NULL AND excluded.description IS DISTINCT FROM textbooks.description)`,
      );

    for (let i = 0; i < values.length; i += BATCH) {
      const chunk = values.slice(i, i + BATCH);
      for (const withAccess of [true, false]) {
        const part = chunk.filter((v) => v.explicitAccess === withAccess).map((v) => v.row);
        if (!part.length) continue;
        const out = await tx
          .insert(textbooks)
          .values(part)
          .onConflictDoUpdate({
            target: textbooks.externalId,
            set: withAccess ? { ...baseSet, access: ex('access') } : baseSet,
            setWhere: changed(withAccess),
          })
          .returning({ inserted: sql<boolean>`(xmax = 0)` });
        for (const r of out) {
          if (r.inserted) created++;
          else updated++;
        }
      }
      opts.onProgress?.({ done: Math.min(i + BATCH, values.length), total: values.length });
    }
    duplicates = await likelyDuplicates(tx, rows, merged);
  });

  return {
    lines,
    created,
    updated,
    unchanged: rows.length - created - updated,
    skipped,
    warnings,
    dictionaryCreated,
    duplicates,
    publishersFilled,
    durationMs: Date.now() - started,
  };
}

/**
 * The fields that make two books look alike (the report's likely duplicates): 学段, 学科 (official
 * spelling), 年级, 册次, 版本 and title (white space aside). The database side of the rule is
 * `likelyDuplicates` below.
 */
export function lookAlikeKey(d: Pick<ImportLine, 'stage' | 'subject' | 'grade' | 'volume' | 'edition' | 'title'>) {
  return JSON.stringify([
    officialName('stage', d.stage),
    officialName('subject', d.subject),
    d.grade ? officialName('grade', d.grade) : null,
    d.volume ? officialName('volume', d.volume) : null,
    officialName('edition', d.edition),
    lookAlikeTitle(d.title),
  ]);
}

/** A title as the duplicate rule compares it: without white space (the source writes both `·` and ` · `). */
const lookAlikeTitle = (title: string) => title.replace(/\s+/g, '');

/** Every imported field but the externalId: lines equal in it describe one book. */
const identity = (d: ImportLine) =>
  JSON.stringify([
    d.title,
    d.stage,
    d.subject,
    d.edition,
    d.publisher,
    d.grade,
    d.volume,
    d.fileSize,
    d.coverUrl,
    d.fileUrl,
    d.access ?? null,
    d.description,
  ]);

/**
 * Lines identical in every field but their externalId are one book: the first is imported, the
 * others are answered as merged into it (no book is stored under their externalIds).
 */
function mergeIdentical(lines: JsonLine<ImportLine>[]): {
  rows: JsonLine<ImportLine>[];
  merged: Map<string, JsonLine<ImportLine>[]>;
} {
  const first = new Map<string, JsonLine<ImportLine>>();
  const merged = new Map<string, JsonLine<ImportLine>[]>();
  const rows: JsonLine<ImportLine>[] = [];
  for (const l of lines) {
    const key = identity(l.data);
    const kept = first.get(key);
    if (!kept) {
      first.set(key, l);
      rows.push(l);
    } else {
      const list = merged.get(kept.data.externalId) ?? [];
      list.push(l);
      merged.set(kept.data.externalId, list);
    }
  }
  return { rows, merged };
}

/**
 * Fills the publisher of lines without one from their edition, when the publishers named for that
 * edition, by the file's lines and by the books already stored, are one (a 版本 is one publisher's
 * series: 人教版 is 人民教育出版社's); an edition with two publishers fills nothing. Stored books count
 * so that re-importing part of a file fills as the whole file did. Returns how many lines were filled.
 */
async function fillPublishers(tx: Tx, rows: JsonLine<ImportLine>[]): Promise<number> {
  const missing = new Set(rows.filter((r) => !r.data.publisher).map((r) => r.data.edition));
  if (!missing.size) return 0;
  const of = new Map<string, Set<string>>();
  const add = (edition: string, publisher: string) => {
    const set = of.get(edition) ?? new Set<string>();
    set.add(publisher);
    of.set(edition, set);
  };
  for (const { data } of rows) if (data.publisher) add(data.edition, data.publisher);
  const stored = rowsOf<{ edition: string; publisher: string }>(
    await tx.execute(sql`select distinct e.name as edition, p.name as publisher
      from ${textbooks} b join dictionary e on e.id = b.edition_id join dictionary p on p.id = b.publisher_id
      where e.kind = 'edition' and e.name in ${[...missing]}`),
  );
  for (const r of stored) add(r.edition, r.publisher);
  let filled = 0;
  for (const { data } of rows) {
    const set = of.get(data.edition);
    if (data.publisher || !set || set.size !== 1) continue;
    data.publisher = [...set][0]!;
    filled++;
  }
  return filled;
}

/**
 * Likely duplicates: groups of the catalogue's books with the same 学段, 学科, 年级, 册次, 版本 and
 * title (white space aside) of which this import wrote at least one (books stored before count too), plus the lines
 * merged into one book. Ordered by the first line of the file in each group.
 */
async function likelyDuplicates(
  tx: Tx,
  rows: JsonLine<ImportLine>[],
  merged: Map<string, JsonLine<ImportLine>[]>,
): Promise<ImportDuplicate[]> {
  const lineOf = new Map(rows.map((r) => [r.data.externalId, r.line]));
  const out = new Map<string, ImportDuplicate>();
  // One grouping scan of the catalogue; the groups this import touched are kept below.
  const title = sql`regexp_replace(${textbooks.title}, '[[:space:]]+', '', 'g')`;
  const groups = await tx
    .select({
      title: sql<string>`min(${textbooks.title})`,
      ids: sql<string[]>`array_agg(${textbooks.externalId} order by ${textbooks.id})`,
    })
    .from(textbooks)
    .groupBy(textbooks.stageId, textbooks.subjectId, textbooks.gradeId, textbooks.volumeId, textbooks.editionId, title)
    .having(sql`count(*) > 1`);
  for (const g of groups) {
    if (!g.ids.some((x) => lineOf.has(x))) continue;
    out.set(g.ids.join('\n'), {
      title: g.title,
      externalIds: g.ids,
      lines: g.ids.flatMap((x) => (lineOf.has(x) ? [lineOf.get(x)!] : [])),
      merged: false,
    });
  }
  for (const [kept, others] of merged) {
    const line = lineOf.get(kept)!;
    const row = rows.find((r) => r.line === line)!;
    out.set(`merged:${kept}`, {
      title: row.data.title,
      externalIds: [kept, ...others.map((o) => o.data.externalId)],
      lines: [line, ...others.map((o) => o.line)],
      merged: true,
    });
  }
  return [...out.values()].sort((a, b) => (a.lines[0] ?? 0) - (b.lines[0] ?? 0));
}

/** Human-readable report for the CLI (Chinese, one issue a line). */
export function formatImportReport(report: ImportReport, maxIssues = 200): string {
  const out = [
    `导入完成：共 ${report.lines} 行，新增 ${report.created}，更新 ${report.updated}，未变化 ${report.unchanged}，跳过 ${report.skipped.length}（用时 ${(report.durationMs / 1000).toFixed(1)} 秒）`,
  ];
  const dict = Object.entries(report.dictionaryCreated);
  if (dict.length) out.push(`新建字典项：${dict.map(([k, n]) => `${k} ${n}`).join('，')}`);
  const list = (title: string, issues: ImportIssue[]) => {
    if (!issues.length) return;
    out.push(`${title}（${issues.length}）：`);
    for (const s of issues.slice(0, maxIssues))
      out.push(`  第 ${s.line} 行${s.externalId ? `（${s.externalId}）` : ''}：${s.message}`);
    if (issues.length > maxIssues) out.push(`  ……另有 ${issues.length - maxIssues} 行未列出`);
  };
  list('跳过的行', report.skipped);
  list('提示', report.warnings);
  if (report.publishersFilled) out.push(`按版本补全出版社：${report.publishersFilled} 行`);
  const dups = report.duplicates ?? [];
  if (dups.length) {
    out.push(`疑似重复的教材（${dups.length} 组，学段、学科、年级、册次、版本和标题都相同）：`);
    for (const d of dups.slice(0, maxIssues))
      out.push(
        `  《${d.title}》：${d.externalIds.join('、')}${d.lines.length ? `（第 ${d.lines.join('、')} 行）` : ''}${d.merged ? '，各字段完全相同，已合并为一本' : ''}`,
      );
    if (dups.length > maxIssues) out.push(`  ……另有 ${dups.length - maxIssues} 组未列出`);
  }
  return out.join('\n');
}
