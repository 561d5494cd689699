import { describe, expect, it } from 'vitest';
import { featuredStages } from './featured';

const stage = (id: number, name: string, count: number) => ({ id, name, count });

describe('featuredStages', () => {
  it('shows 小学, 初中, 高中 in that order when they have books, leaving other stages out', () => {
    const got = featuredStages([stage(3, '高中', 5), stage(9, '学前', 2), stage(1, '小学', 4), stage(2, '初中', 0)]);
    expect(got.map((s) => s.name)).toEqual(['小学', '高中']);
  });
  it('falls back to every stage with books when none of the main three has any', () => {
    const got = featuredStages([stage(9, '学前', 2), stage(8, '职教', 0), stage(1, '小学', 0)]);
    expect(got.map((s) => s.name)).toEqual(['学前']);
  });
});
