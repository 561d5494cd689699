import { describe, expect, it } from 'vitest';
import { TitleIndex, type DimTuple, type TitleRow } from './title-search';

/** A row in dimension 1 everywhere except the given `{dimensionIndex: value}`. */
const row = (id: number, title: string, dims: Record<number, number> = {}): TitleRow => {
  const d: DimTuple = [1, 1, 1, 1, 1, 1];
  Object.entries(dims).forEach(([k, v]) => (d[Number(k)] = v));
  return { id, title, dims: d };
};

const ids = (index: TitleIndex, words: string[]) => index.page(index.search(words), [], 0, Number.MAX_SAFE_INTEGER);

const index = await TitleIndex.build([
  row(1, '义务教育教科书·数学七年级上册'),
  row(2, '数学'),
  row(3, '数学七年级下册'),
  row(4, '普通高中教科书·物理选择性必修第一册', { 0: 3 }),
  row(5, '普通高中教科书·数学选择性必修第一册', { 0: 3 }),
  row(6, 'English Grade 7 上册', { 1: 2 }),
  row(7, '义务教育教科书·道德与法治一年级上册'),
  row(8, '𠀀字典上册'),
]);

describe('TitleIndex', () => {
  it('finds substrings of one, two and more characters, case-insensitively', () => {
    expect(index.size).toBe(8);
    expect(new Set(ids(index, ['数']))).toEqual(new Set([1, 2, 3, 5]));
    expect(new Set(ids(index, ['物理']))).toEqual(new Set([4]));
    expect(new Set(ids(index, ['选择性必修']))).toEqual(new Set([4, 5]));
    expect(ids(index, ['english'])).toEqual([6]);
    expect(ids(index, ['GRADE'])).toEqual([6]);
    expect(ids(index, ['𠀀字'])).toEqual([8]);
    expect(ids(index, ['不存在'])).toEqual([]);
    // Both pairs (育教, 教育) occur in 义务教育教科书, the word itself does not.
    expect(ids(index, ['育教育'])).toEqual([]);
  });

  it('requires every word and ranks exact, then prefix, then shorter titles', () => {
    expect(new Set(ids(index, ['数学', '七年级']))).toEqual(new Set([1, 3]));
    // 2 is the exact title, 3 starts with the word, then 1 and 5 by length (equal: display order).
    expect(ids(index, ['数学'])).toEqual([2, 3, 1, 5]);
    // Same length and dimensions: id breaks the tie.
    expect(ids(index, ['选择性必修'])).toEqual([4, 5]);
    // 5, 15, 18 and 18 characters; of the two 18s, subject 1 (id 7) before subject 2 (id 6).
    expect(ids(index, ['上册'])).toEqual([8, 1, 7, 6]);
    // Exact and prefix use the words as typed; the match itself ignores case.
    expect(ids(index, ['ENGLISH'])).toEqual([6]);
    expect(ids(index, ['English'])).toEqual([6]);
  });

  it('pages matches under dimension filters', () => {
    const matches = index.search(['数学']);
    expect(index.page(matches, [3], 0, 10)).toEqual([5]);
    expect(index.page(matches, [1], 1, 2)).toEqual([3, 1]);
    expect(index.page(matches, [undefined, 2], 0, 10)).toEqual([]);
    expect(index.page(matches, [], 4, 10)).toEqual([]);
  });

  it('orders missing grade and volume after present ones, as NULLS LAST does', async () => {
    const i = await TitleIndex.build([
      row(1, '甲乙', { 3: 0 }),
      row(2, '甲乙', { 3: 5 }),
      row(3, '甲乙', { 3: 2, 4: 0 }),
      row(4, '甲乙', { 3: 2 }),
    ]);
    expect(ids(i, ['甲乙'])).toEqual([4, 3, 2, 1]);
    expect(ids(i, ['甲'])).toEqual([4, 3, 2, 1]);
  });
});

describe('TitleIndex on a large catalogue', () => {
  // Deterministic pseudo-random catalogue: titles from a small alphabet, so words repeat often and
  // hash buckets are shared; more titles than one build slice.
  let seed = 7;
  const rand = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 1;
    return seed % n;
  };
  const alphabet = [...'数学语文英物理化生一二三年级上下册必修选择性教科书ABab𠀀'];
  const rows: TitleRow[] = Array.from({ length: 20_000 }, (_, i) => ({
    id: i + 1,
    title: Array.from({ length: 2 + rand(14) }, () => alphabet[rand(alphabet.length)]).join(''),
    dims: [1 + rand(3), 1 + rand(4), 1 + rand(3), rand(4), rand(3), rand(3)],
  }));

  /** The ranking rule written plainly (see the module comment). */
  const naive = (words: string[]) => {
    const lower = words.map((w) => w.toLowerCase());
    const noneLast = (v: number) => (v === 0 ? Infinity : v);
    const len = (s: string) => [...s].length;
    const rank = (r: TitleRow) => (r.title === words.join(' ') ? 0 : r.title.startsWith(words[0]!) ? 1 : 2);
    return rows
      .filter((r) => lower.every((w) => r.title.toLowerCase().includes(w)))
      .sort(
        (a, b) =>
          rank(a) - rank(b) ||
          len(a.title) - len(b.title) ||
          a.dims[0] - b.dims[0] ||
          a.dims[1] - b.dims[1] ||
          a.dims[2] - b.dims[2] ||
          noneLast(a.dims[3]) - noneLast(b.dims[3]) ||
          noneLast(a.dims[4]) - noneLast(b.dims[4]) ||
          a.id - b.id,
      )
      .map((r) => r.id);
  };

  it('matches and ranks exactly like the plain rule, whatever the input order', async () => {
    const shuffled = await TitleIndex.build(rows);
    const probes = [['数'], ['数学'], ['a'], ['Ab'], ['𠀀'], ['年级上'], ['必修', '选择'], ['书', '一'], ['上下册']];
    for (let i = 0; i < 30; i++) probes.push([[...rows[rand(rows.length)]!.title].slice(0, 1 + rand(4)).join('')]);
    for (const words of probes) expect(ids(shuffled, words), words.join(' ')).toEqual(naive(words));
    // Rows already in rank order (what the loader asks the database for) give the same index.
    const ordered = naive(['']).map((id) => rows[id - 1]!);
    const fromOrdered = await TitleIndex.build(ordered);
    for (const words of probes) expect(ids(fromOrdered, words), words.join(' ')).toEqual(ids(shuffled, words));
  });
});
