import { z } from 'zod';

/** A dictionary entry (学段, 学科, 年级, 版本, 出版社, 册次): `{ id, name }`. */
export const dictEntry = z.object({ id: z.number().int(), name: z.string() });
export type DictEntry = z.infer<typeof dictEntry>;
