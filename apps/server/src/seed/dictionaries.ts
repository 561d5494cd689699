/**
 * Official dictionary seed: 学段, 年级 (with their 学段), 学科 (with the 学段 that teach them, after
 * the national compulsory-education curriculum plan of 2022 and the senior-high curriculum plan
 * of 2017/2020), and the common 版本, 出版社 and 册次. Idempotent: existing names are kept.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { dictionary, stageSubject } from '../db/schema';
import type { DictKind } from '@eav/contract';

export const STAGES = ['小学', '初中', '高中'] as const;

export const GRADES: [grade: string, stage: (typeof STAGES)[number]][] = [
  ['一年级', '小学'],
  ['二年级', '小学'],
  ['三年级', '小学'],
  ['四年级', '小学'],
  ['五年级', '小学'],
  ['六年级', '小学'],
  ['七年级', '初中'],
  ['八年级', '初中'],
  ['九年级', '初中'],
  ['高一', '高中'],
  ['高二', '高中'],
  ['高三', '高中'],
];

const P = '小学',
  J = '初中',
  S = '高中';
export const SUBJECTS: [subject: string, stages: string[]][] = [
  ['语文', [P, J, S]],
  ['数学', [P, J, S]],
  ['英语', [P, J, S]],
  ['道德与法治', [P, J]],
  ['思想政治', [S]],
  ['科学', [P, J]],
  ['物理', [J, S]],
  ['化学', [J, S]],
  ['生物学', [J, S]],
  ['历史', [J, S]],
  ['地理', [J, S]],
  ['信息技术', [P, J, S]],
  ['通用技术', [S]],
  ['体育与健康', [P, J, S]],
  ['音乐', [P, J, S]],
  ['美术', [P, J, S]],
  ['艺术', [P, J, S]],
  ['劳动', [P, J, S]],
  ['日语', [J, S]],
  ['俄语', [J, S]],
];

export const EDITIONS = [
  '统编版',
  '人教版',
  '北师大版',
  '苏教版',
  '浙教版',
  '沪教版',
  '外研社版',
  '译林版',
  '湘教版',
  '华东师大版',
  '教科版',
  '青岛版',
  '冀教版',
  '鲁教版',
  '粤教版',
];

export const PUBLISHERS = [
  '人民教育出版社',
  '北京师范大学出版社',
  '江苏凤凰教育出版社',
  '浙江教育出版社',
  '上海教育出版社',
  '外语教学与研究出版社',
  '译林出版社',
  '湖南教育出版社',
  '华东师范大学出版社',
  '教育科学出版社',
  '青岛出版社',
  '河北教育出版社',
  '山东教育出版社',
  '广东教育出版社',
];

export const VOLUMES = [
  '上册',
  '下册',
  '全一册',
  '必修1',
  '必修2',
  '必修3',
  '选择性必修1',
  '选择性必修2',
  '选择性必修3',
];

/** Inserts the names of `kind` that are missing, keeping list order as sort order; returns name → id. */
export async function ensureDictionary(
  db: Db,
  kind: DictKind,
  names: readonly string[],
  extra: (name: string) => { stageId?: number | null; sortOrder?: number } = () => ({}),
): Promise<Map<string, number>> {
  if (names.length) {
    await db
      .insert(dictionary)
      .values(names.map((name, i) => ({ kind, name, sortOrder: (i + 1) * 10, ...extra(name) })))
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: dictionary.id, name: dictionary.name })
    .from(dictionary)
    .where(and(eq(dictionary.kind, kind), inArray(dictionary.name, names as string[])));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * Names the shipped data spells otherwise than the official dictionary, per kind: imports file them under
 * the official name. 生物学 is the subject's name in the curriculum standards (义务教育生物学课程标准 2022,
 * 普通高中生物学课程标准 2017/2020) and on the textbooks; the 高考 question data says 生物.
 */
export const DICTIONARY_ALIASES: Partial<Record<DictKind, Readonly<Record<string, string>>>> = {
  subject: { 生物: '生物学' },
};

/** The official spelling of the `kind` name `name` (DICTIONARY_ALIASES), or `name` itself. */
export function officialName(kind: DictKind, name: string): string {
  return DICTIONARY_ALIASES[kind]?.[name] ?? name;
}

/** Natural order for new dictionary names (选择性必修2 before 选择性必修10). */
const natural = (a: string, b: string) => a.localeCompare(b, 'zh-Hans-CN', { numeric: true });

/**
 * The dictionary entries of the `kind` names an import uses, made where missing, under their official
 * spelling (`officialName`): new entries sort after the official ones (seeded at 10…200), in natural
 * order among themselves, and take the 学段 `stageOf` gives. Answers each given name → id (an alias and
 * its official name share one id) and how many entries were made.
 */
export async function ensureImportedNames(
  db: Db | Tx,
  kind: DictKind,
  names: Iterable<string>,
  stageOf?: (name: string) => number | null,
): Promise<{ ids: Map<string, number>; created: number }> {
  const given = [...new Set(names)];
  const list = [...new Set(given.map((n) => officialName(kind, n)))];
  if (!list.length) return { ids: new Map(), created: 0 };
  const existing = await db
    .select({ name: dictionary.name })
    .from(dictionary)
    .where(and(eq(dictionary.kind, kind), inArray(dictionary.name, list)));
  const known = new Set(existing.map((r) => r.name));
  const missing = list.filter((n) => !known.has(n)).sort(natural);
  const order = new Map(missing.map((n, i) => [n, 10_000 + i * 10]));
  const official = await ensureDictionary(db as Db, kind, [...known, ...missing], (name) => ({
    ...(order.has(name) ? { sortOrder: order.get(name)! } : {}),
    ...(stageOf && order.has(name) ? { stageId: stageOf(name) } : {}),
  }));
  const ids = new Map(given.map((n) => [n, official.get(officialName(kind, n))!]));
  for (const [name, id] of official) ids.set(name, id);
  return { ids, created: missing.length };
}

/** Seeds the official dictionaries and the stage → subject mapping. */
export async function seedDictionaries(db: Db): Promise<void> {
  const stageIds = await ensureDictionary(db, 'stage', STAGES);
  await ensureDictionary(
    db,
    'grade',
    GRADES.map(([g]) => g),
    (name) => ({ stageId: stageIds.get(GRADES.find(([g]) => g === name)![1]) ?? null }),
  );
  const subjectIds = await ensureDictionary(
    db,
    'subject',
    SUBJECTS.map(([s]) => s),
  );
  const pairs = SUBJECTS.flatMap(([subject, stages]) =>
    stages.map((st) => ({ stageId: stageIds.get(st)!, subjectId: subjectIds.get(subject)! })),
  );
  await db.insert(stageSubject).values(pairs).onConflictDoNothing();
  await ensureDictionary(db, 'edition', EDITIONS);
  await ensureDictionary(db, 'publisher', PUBLISHERS);
  await ensureDictionary(db, 'volume', VOLUMES);
}
