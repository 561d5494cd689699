/**
 * Catalogue import (docs/api.md, Textbook catalogue import) against the real file: counts, skipped lines with their
 * numbers, idempotence, updates, dictionary entries, local files, and the admin API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiPaths } from '@eav/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dictionary, textbooks } from '../src/db/schema';
import { formatImportReport, importTextbooks } from '../src/features/textbooks/importer';
import { LocalDiskStorage } from '../src/lib/storage';
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
    // The real file holds no two books alike (same 学段, 学科, 年级, 册次, 版本 and title).
    expect(report.duplicates).toEqual([]);

    // Publishers: a line without one takes its edition's, when the file names one publisher for it.
    const publishersOf = new Map<string, Set<string>>();
    for (const l of importable)
      if (l.publisher) publishersOf.set(l.edition!, (publishersOf.get(l.edition!) ?? new Set()).add(l.publisher));
    const fillable = importable.filter((l) => !l.publisher && publishersOf.get(l.edition!)?.size === 1);
    expect(fillable.length).toBeGreaterThan(0);
    expect(report.publishersFilled).toBe(fillable.length);
    const stored = await t.database.db
      .select({ externalId: textbooks.externalId, publisher: dictionary.name })
      .from(textbooks)
      .leftJoin(dictionary, eq(dictionary.id, textbooks.publisherId))
      .where(
        inArray(
          textbooks.externalId,
          importable.filter((l) => !l.publisher).map((l) => l.externalId),
        ),
      );
    const byId = new Map(stored.map((r) => [r.externalId, r.publisher]));
    for (const l of importable.filter((x) => !x.publisher))
      expect(byId.get(l.externalId)).toBe(fillable.includes(l) ? [...publishersOf.get(l.edition!)!][0] : null);

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

  it('fills publishers again when part of the file is imported again', async () => {
    // Not the first line: the test before changed its title.
    const filled = importable
      .slice(1)
      .find((l) => !l.publisher && importable.some((o) => o.edition === l.edition && o.publisher))!;
    const r = await importTextbooks(t.database.db, JSON.stringify({ ...filled, line: undefined }));
    expect(r).toMatchObject({ created: 0, updated: 0, unchanged: 1, publishersFilled: 1 });
  });

  it('reports likely duplicates and merges lines identical in every field', async () => {
    const book = (externalId: string, extra: object = {}) =>
      JSON.stringify({
        externalId,
        title: '义务教育教科书·测试重复七年级上册',
        stage: '初中',
        subject: '生物',
        edition: '测试重复版',
        grade: '七年级',
        volume: '上册',
        ...extra,
      });
    // An earlier import stored dup-0 (subject 生物学, the official spelling of 生物).
    await importTextbooks(t.database.db, book('dup-0', { subject: '生物学', fileSize: 1 }));
    const file = [
      book('dup-1', { fileSize: 10 }),
      book('dup-2', { fileSize: 20 }),
      book('dup-3', { fileSize: 10 }), // identical to line 1 but for its externalId
      book('dup-4', { title: '义务教育教科书·测试重复七年级下册', volume: '下册' }),
    ].join('\n');
    const r = await importTextbooks(t.database.db, file);
    expect(r).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    expect(r.skipped).toEqual([]);
    expect(r.duplicates).toEqual([
      {
        title: '义务教育教科书·测试重复七年级上册',
        externalIds: ['dup-0', 'dup-1', 'dup-2'],
        lines: [1, 2],
        merged: false,
      },
      { title: '义务教育教科书·测试重复七年级上册', externalIds: ['dup-1', 'dup-3'], lines: [1, 3], merged: true },
    ]);
    const stored = await t.database.db
      .select({ externalId: textbooks.externalId })
      .from(textbooks)
      .where(inArray(textbooks.externalId, ['dup-1', 'dup-2', 'dup-3', 'dup-4']));
    expect(stored.map((x) => x.externalId).sort()).toEqual(['dup-1', 'dup-2', 'dup-4']);
    const text = formatImportReport(r);
    expect(text).toContain('疑似重复的教材（2 组');
    expect(text).toContain('dup-1、dup-3（第 1、3 行），各字段完全相同，已合并为一本');

    // Imported again, the file reports the same and stores nothing new.
    const again = await importTextbooks(t.database.db, file);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(again.duplicates).toEqual(r.duplicates);
  });

  it('fills no publisher for an edition the file names two publishers for', async () => {
    const line = (externalId: string, publisher?: string) =>
      JSON.stringify({
        externalId,
        title: `两社版 ${externalId}`,
        stage: '高中',
        subject: '数学',
        edition: '两社版',
        publisher,
      });
    const r = await importTextbooks(
      t.database.db,
      [line('two-1', '甲出版社'), line('two-2', '乙出版社'), line('two-3')].join('\n'),
    );
    expect(r).toMatchObject({ created: 3, publishersFilled: 0 });
    const [row] = await t.database.db
      .select({ publisherId: textbooks.publisherId })
      .from(textbooks)
      .where(eq(textbooks.externalId, 'two-3'));
    expect(row!.publisherId).toBeNull();
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
    const r = await importTextbooks(t.database.db, file, { baseDir: dir, storage: new LocalDiskStorage(dataDir) });
    expect(r.created).toBe(3);
    expect(r.warnings.map((w) => w.line)).toEqual([2, 3]);
    const [row] = await t.database.db
      .select({ fileKey: textbooks.fileKey })
      .from(textbooks)
      .where(eq(textbooks.externalId, 'f-1'));
    expect(fs.readFileSync(path.join(dataDir, row!.fileKey!), 'utf8')).toContain('%PDF-1.4');
  });
});
