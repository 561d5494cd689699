/**
 * Catalogue import (docs/api.md, Textbook catalogue import) against the real file: counts, skipped lines with their
 * numbers, idempotence, updates, dictionary entries, local files, and the admin API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiPaths } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { textbooks } from '../src/db/schema';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, useTestApp } from './helpers';
import { isImportable, readCatalogue } from './textbooks-helpers';

const t = useTestApp();
const { text, lines } = readCatalogue();
const importable = lines.filter(isImportable);
const bad = lines.filter((l) => !isImportable(l));

describe('textbook import', () => {
  it('imports the real catalogue, reporting every line without an edition by number', async () => {
    expect(bad.length).toBeGreaterThan(0);
    const report = await importTextbooks(t.database.db, text);
    expect(report.lines).toBe(lines.length);
    expect(report.created).toBe(importable.length);
    expect(report.updated).toBe(0);
    expect(report.skipped.map((s) => s.line)).toEqual(bad.map((b) => b.line));
    expect(report.skipped[0]!.message).toContain('edition');
    expect(report.skipped[0]!.externalId).toBe(bad[0]!.externalId);

    // Dictionary entries were created on the fly and are listed by the dictionary endpoints.
    const stages = (await api(t.app, { url: ApiPaths.dictStage })).json().data as { id: number; name: string }[];
    const importedStages = new Set(importable.map((l) => l.stage));
    for (const s of importedStages) expect(stages.map((x) => x.name)).toContain(s);
    const editions = (await api(t.app, { url: ApiPaths.dictEdition })).json().data as { name: string }[];
    for (const e of new Set(importable.map((l) => l.edition!))) expect(editions.map((x) => x.name)).toContain(e);

    // Stage → subject pairs cover imported subjects (e.g. the five-four system stages).
    const fiveFour = stages.find((s) => s.name === '初中（五•四学制）')!;
    const subjects = (await api(t.app, { url: ApiPaths.dictStageSubjects(fiveFour.id) })).json().data as {
      name: string;
    }[];
    const expected = new Set(importable.filter((l) => l.stage === fiveFour.name).map((l) => l.subject));
    expect(new Set(subjects.map((s) => s.name))).toEqual(expected);
  });

  it('is idempotent and updates in place by externalId', async () => {
    const again = await importTextbooks(t.database.db, text);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: importable.length });
    const rows = await t.database.db.select({ id: textbooks.id }).from(textbooks);
    expect(rows).toHaveLength(importable.length);

    const first = importable[0]!;
    const changed = JSON.stringify({ ...first, title: `${first.title}（修订版）`, line: undefined });
    const upd = await importTextbooks(t.database.db, changed);
    expect(upd).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const [row] = await t.database.db
      .select({ title: textbooks.title })
      .from(textbooks)
      .where(eq(textbooks.externalId, first.externalId));
    expect(row!.title).toBe(`${first.title}（修订版）`);
  });

  it('reports bad lines with numbers and imports the rest', async () => {
    const file = [
      '{"externalId":"t-1","title":"测试教材一","stage":"小学","subject":"数学","edition":"人教版"}',
      '',
      'not json',
      '{"externalId":"t-2","stage":"小学","subject":"数学","edition":"人教版"}',
      '{"externalId":"t-3","title":"测试教材三","stage":"小学","subject":"数学","edition":"人教版","fileSize":"abc"}',
      '[1,2]',
      '{"externalId":"t-4","title":"旧标题","stage":"小学","subject":"数学","edition":"人教版"}',
      '{"externalId":"t-4","title":"新标题","stage":"小学","subject":"数学","edition":"人教版","grade":"一年级","volume":"上册","unknown":1}',
    ].join('\n');
    const r = await importTextbooks(t.database.db, file);
    expect(r.created).toBe(2);
    expect(r.skipped.map((s) => [s.line, s.externalId])).toEqual([
      [3, null],
      [4, 't-2'],
      [5, 't-3'],
      [6, null],
      [7, 't-4'],
    ]);
    expect(r.skipped[0]!.message).toBe('不是合法的 JSON');
    expect(r.skipped[1]!.message).toContain('title');
    expect(r.skipped[4]!.message).toContain('第 8 行');
    const [row] = await t.database.db
      .select({ title: textbooks.title })
      .from(textbooks)
      .where(eq(textbooks.externalId, 't-4'));
    expect(row!.title).toBe('新标题');
  });

  it('skips a line with a NUL or other control character by its number instead of failing the import', async () => {
    const file = [
      '{"externalId":"c-1","title":"正常教材","stage":"小学","subject":"数学","edition":"人教版"}',
      '{"externalId":"c-2","title":"坏\\u0000标题","stage":"小学","subject":"数学","edition":"人教版"}',
      '{"externalId":"c-3","title":"另一本","stage":"小学","subject":"数学","edition":"人教版","publisher":"出版\\u0007社"}',
    ].join('\n');
    const r = await importTextbooks(t.database.db, file);
    expect(r.created).toBe(1);
    expect(r.skipped.map((s) => [s.line, s.externalId])).toEqual([
      [2, 'c-2'],
      [3, 'c-3'],
    ]);
    expect(r.skipped[0]!.message).toContain('控制字符');
  });

  it('copies local files referenced relative to the import file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-import-'));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-data-'));
    fs.writeFileSync(path.join(dir, 'book.pdf'), '%PDF-1.4\n% test\n');
    fs.writeFileSync(path.join(dir, 'not.pdf'), 'hello');
    const file = [
      '{"externalId":"f-1","title":"带文件的教材","stage":"初中","subject":"物理","edition":"人教版","fileUrl":"book.pdf"}',
      '{"externalId":"f-2","title":"文件不是 PDF","stage":"初中","subject":"物理","edition":"人教版","fileUrl":"not.pdf"}',
      '{"externalId":"f-3","title":"越界路径","stage":"初中","subject":"物理","edition":"人教版","fileUrl":"../../etc/passwd"}',
    ].join('\n');
    const r = await importTextbooks(t.database.db, file, { baseDir: dir, dataDir });
    expect(r.created).toBe(3);
    expect(r.warnings.map((w) => w.line)).toEqual([2, 3]);
    const [row] = await t.database.db
      .select({ fileKey: textbooks.fileKey })
      .from(textbooks)
      .where(eq(textbooks.externalId, 'f-1'));
    expect(fs.readFileSync(path.join(dataDir, row!.fileKey!), 'utf8')).toContain('%PDF-1.4');
  });
});
