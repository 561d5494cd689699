import { describe, expect, it } from 'vitest';
import {
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  selectDimension,
  toFacetQuery,
  toListQuery,
  withKeyword,
  withReadable,
  type CatalogueFilters,
} from './filters';

describe('catalogue filters <-> URL', () => {
  it('reads ids, keyword and page from the query', () => {
    const f = filtersFromSearch(new URLSearchParams('stageId=2&subjectId=7&gradeId=11&keyword=%20代数%20&page=3'));
    expect(f).toEqual({ stageId: 2, subjectId: 7, gradeId: 11, keyword: '代数', page: 3 });
  });

  it('ignores malformed or non-positive values', () => {
    const f = filtersFromSearch(
      new URLSearchParams('stageId=abc&subjectId=-1&editionId=0&volumeId=1.5&page=x&keyword='),
    );
    expect(f).toEqual({ page: 1 });
  });

  it('caps the keyword at the shared limit', () => {
    const f = filtersFromSearch(new URLSearchParams({ keyword: '数'.repeat(80) }));
    expect(f.keyword).toHaveLength(50);
  });

  it('round-trips through the URL in a stable order without defaults', () => {
    const f: CatalogueFilters = { volumeId: 5, stageId: 1, keyword: '一年级上册', page: 1 };
    const q = filtersToSearch(f);
    expect(q.toString()).toBe(`stageId=1&volumeId=5&keyword=${encodeURIComponent('一年级上册')}`);
    expect(filtersFromSearch(q)).toEqual(f);
    expect(filtersToSearch({ page: 4 }).toString()).toBe('page=4');
  });
});

describe('cascading selection', () => {
  const full: CatalogueFilters = {
    stageId: 1,
    subjectId: 2,
    editionId: 3,
    gradeId: 4,
    volumeId: 5,
    publisherId: 6,
    keyword: '数学',
    page: 7,
  };

  it('choosing a parent resets every child and the page, keeping the keyword', () => {
    expect(selectDimension(full, 'subject', 9)).toEqual({ stageId: 1, subjectId: 9, keyword: '数学', page: 1 });
    expect(selectDimension(full, 'stage', 8)).toEqual({ stageId: 8, keyword: '数学', page: 1 });
  });

  it('choosing the last level keeps all parents', () => {
    expect(selectDimension(full, 'publisher', 10)).toEqual({ ...full, publisherId: 10, page: 1 });
  });

  it('clearing a level (全部) clears it and its children', () => {
    expect(selectDimension(full, 'edition', undefined)).toEqual({ stageId: 1, subjectId: 2, keyword: '数学', page: 1 });
  });

  it('a child chosen without its parent keeps other parents absent', () => {
    expect(selectDimension({ page: 2 }, 'grade', 4)).toEqual({ gradeId: 4, page: 1 });
  });

  it('keyword changes keep the dimensions and reset the page', () => {
    expect(withKeyword(full, '  几何 ')).toEqual({ ...full, keyword: '几何', page: 1 });
    const cleared = withKeyword(full, '   ');
    expect(cleared.keyword).toBeUndefined();
    expect(hasActiveFilters(cleared)).toBe(true);
    expect(hasActiveFilters({ page: 3 })).toBe(false);
  });

  it('builds list and facet queries', () => {
    expect(toListQuery({ stageId: 1, page: 2 }, 20)).toEqual({ stageId: 1, page: 2, pageSize: 20 });
    expect(toFacetQuery({ stageId: 1, keyword: 'a', page: 2 })).toEqual({ stageId: 1, keyword: 'a' });
  });
});

describe('可在线阅读', () => {
  it('reads readable=true or 1 from the URL, ignores anything else, and writes readable=true', () => {
    expect(filtersFromSearch(new URLSearchParams('readable=true')).readable).toBe(true);
    expect(filtersFromSearch(new URLSearchParams('readable=1')).readable).toBe(true);
    expect(filtersFromSearch(new URLSearchParams('readable=yes&readable=false')).readable).toBeUndefined();
    expect(filtersToSearch({ readable: true, stageId: 2, page: 1 }).toString()).toBe('stageId=2&readable=true');
  });

  it('survives the cascade and the keyword, returns to page 1 when toggled, and counts as a filter', () => {
    const f: CatalogueFilters = { stageId: 1, subjectId: 2, readable: true, page: 3 };
    expect(selectDimension(f, 'stage', 5)).toEqual({ stageId: 5, readable: true, page: 1 });
    expect(withKeyword(f, '数学')).toMatchObject({ readable: true, keyword: '数学', page: 1 });
    expect(withReadable(f, false)).toEqual({ stageId: 1, subjectId: 2, page: 1 });
    expect(withReadable({ page: 2 }, true)).toEqual({ readable: true, page: 1 });
    expect(hasActiveFilters({ readable: true, page: 1 })).toBe(true);
    expect(toListQuery({ readable: true, page: 2 })).toEqual({ readable: true, page: 2, pageSize: 20 });
  });
});
