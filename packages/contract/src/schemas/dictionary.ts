import { z } from 'zod';

/** A dictionary entry (学段, 学科, 年级, 版本, 出版社, 册次): `{ id, name }`. */
export const dictEntry = z.object({ id: z.number().int(), name: z.string() });
export type DictEntry = z.infer<typeof dictEntry>;

/** Dictionary kinds stored in the `dictionary` table. */
export const DICT_KINDS = ['stage', 'subject', 'grade', 'edition', 'publisher', 'volume'] as const;
export type DictKind = (typeof DICT_KINDS)[number];
