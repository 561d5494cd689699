/**
 * Migration 0024 (merge subject aliases): a database filled before imports spelled 生物 as the official
 * 生物学 (seed/dictionaries.ts, DICTIONARY_ALIASES) holds both subjects. The migration moves every
 * reference of the alias to the official entry (books, questions, resources, 学段 → 学科 pairs,
 * knowledge points present under both) and deletes the alias row; run again, it changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import {
  dictionary,
  knowledgePoints,
  questionKnowledgePoints,
  questions,
  resources,
  stageSubject,
  textbooks,
} from '../src/db/schema';
import { serverRoot } from '../src/lib/package-root';
import { DICTIONARY_ALIASES } from '../src/seed/dictionaries';
import { useTestApp } from './helpers';

const t = useTestApp();
const db = () => t.database.db;

const migrationFile = path.join(serverRoot(), 'drizzle', '0024_merge_subject_aliases.sql');
const migrate = () => db().execute(sql.raw(fs.readFileSync(migrationFile, 'utf8')));

async function subjectId(name: string): Promise<number | undefined> {
  const [row] = await db()
    .select({ id: dictionary.id })
    .from(dictionary)
    .where(and(eq(dictionary.kind, 'subject'), eq(dictionary.name, name)));
  return row?.id;
}

async function idOf(kind: 'stage' | 'edition', name: string): Promise<number> {
  const [row] = await db()
    .insert(dictionary)
    .values({ kind, name })
    .onConflictDoUpdate({ target: [dictionary.kind, dictionary.name], set: { name } })
    .returning({ id: dictionary.id });
  return row!.id;
}

/** Every dictionary-referencing column of every table that holds `id` (from the foreign keys). */
async function referencesTo(id: number): Promise<number> {
  const fks = rowsOf<{ tbl: string; col: string }>(
    await db().execute(sql`select c.conrelid::regclass::text as tbl, a.attname as col
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'dictionary'::regclass and c.conrelid <> 'dictionary'::regclass`),
  );
  let n = 0;
  for (const fk of fks) {
    const [row] = rowsOf<{ n: number }>(
      await db().execute(sql.raw(`select count(*)::int as n from ${fk.tbl} where "${fk.col}" = ${id}`)),
    );
    n += row!.n;
  }
  return n;
}

describe('migration 0024: subject aliases merged into the official subject', () => {
  it('names the aliases the importers apply', () => {
    // The migration spells out the pairs; a new alias needs a line there too.
    const text = fs.readFileSync(migrationFile, 'utf8');
    for (const [alias, official] of Object.entries(DICTIONARY_ALIASES.subject ?? {}))
      expect(text).toContain(`('${alias}', '${official}')`);
  });

  it('moves every reference of 生物 to 生物学 and deletes the alias row, idempotently', async () => {
    const official = (await subjectId('生物学'))!;
    expect(official).toBeDefined();
    const [aliasRow] = await db()
      .insert(dictionary)
      .values({ kind: 'subject', name: '生物', sortOrder: 999 })
      .returning({ id: dictionary.id });
    const alias = aliasRow!.id;
    const junior = await idOf('stage', '初中');
    const senior = await idOf('stage', '高中');
    const edition = await idOf('edition', '人教版');
    // 初中 teaches both spellings already; 高中 only the alias.
    await db()
      .insert(stageSubject)
      .values([
        { stageId: junior, subjectId: official },
        { stageId: junior, subjectId: alias },
        { stageId: senior, subjectId: alias },
      ])
      .onConflictDoNothing();
    const [book] = await db()
      .insert(textbooks)
      .values({
        externalId: 'alias-bio-1',
        title: '生物 七年级上册',
        stageId: junior,
        subjectId: alias,
        editionId: edition,
      })
      .returning({ id: textbooks.id });
    const [question] = await db()
      .insert(questions)
      .values({
        externalId: 'alias-q-1',
        stageId: senior,
        subjectId: alias,
        type: '单选题',
        stem: '细胞是生命活动的基本单位吗？',
        answer: 'A',
        origin: 'gaokao',
      })
      .returning({ id: questions.id });
    await db().insert(resources).values({
      title: '细胞 同步练习',
      type: 'exercise',
      format: 'pdf',
      mime: 'application/pdf',
      stageId: junior,
      subjectId: alias,
      textbookId: book!.id,
    });
    // One knowledge point under both spellings (merged), one only under the alias (moved).
    const kp = (subject: number, p: string) => ({ stageId: senior, subjectId: subject, name: p, path: p, depth: 1 });
    const [shared, aliasShared, aliasOnly] = await db()
      .insert(knowledgePoints)
      .values([kp(official, '细胞'), kp(alias, '细胞'), kp(alias, '遗传')])
      .returning({ id: knowledgePoints.id });
    await db()
      .insert(questionKnowledgePoints)
      .values([
        { questionId: question!.id, knowledgePointId: aliasShared!.id },
        { questionId: question!.id, knowledgePointId: aliasOnly!.id },
      ]);

    expect(await referencesTo(alias)).toBeGreaterThan(0);
    await migrate();
    expect(await subjectId('生物')).toBeUndefined();
    expect(await referencesTo(alias)).toBe(0);

    const [b] = await db().select().from(textbooks).where(eq(textbooks.id, book!.id));
    expect(b!.subjectId).toBe(official);
    const [q] = await db().select().from(questions).where(eq(questions.id, question!.id));
    expect(q!.subjectId).toBe(official);
    const pairs = await db().select().from(stageSubject).where(eq(stageSubject.subjectId, official));
    expect(pairs.map((p) => p.stageId).sort()).toEqual(expect.arrayContaining([junior, senior]));
    const kps = await db().select().from(knowledgePoints).where(eq(knowledgePoints.stageId, senior));
    expect(kps.map((k) => `${k.path}:${k.subjectId}`).sort()).toEqual([`细胞:${official}`, `遗传:${official}`].sort());
    const tagged = await db()
      .select({ kp: questionKnowledgePoints.knowledgePointId })
      .from(questionKnowledgePoints)
      .where(eq(questionKnowledgePoints.questionId, question!.id));
    expect(tagged.map((x) => x.kp).sort()).toEqual([shared!.id, aliasOnly!.id].sort());

    // Idempotent: a second run finds no alias and changes nothing.
    const before = await db().select().from(dictionary).where(eq(dictionary.kind, 'subject'));
    await migrate();
    expect(await db().select().from(dictionary).where(eq(dictionary.kind, 'subject'))).toEqual(before);
  });

  it('renames a lone alias to the official name', async () => {
    // The previous test left only 生物学: rename it to the alias to stand for a database without it.
    await db()
      .update(dictionary)
      .set({ name: '生物' })
      .where(and(eq(dictionary.kind, 'subject'), eq(dictionary.name, '生物学')));
    const id = (await subjectId('生物'))!;
    await migrate();
    expect(await subjectId('生物')).toBeUndefined();
    expect(await subjectId('生物学')).toBe(id);
  });
});
