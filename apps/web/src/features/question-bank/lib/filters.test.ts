import { describe, expect, it } from 'vitest';
import {
  facetQuery,
  listQuery,
  paperFilterSpec,
  questionFilterSpec,
  readFilters,
  setFilter,
  setKeyword,
  writeFilters,
} from './filters';

describe('URL filters', () => {
  it('reads valid values and drops malformed ones', () => {
    const f = readFilters(
      paperFilterSpec,
      new URLSearchParams(
        'stageId=3&subjectId=x&year=2016&paperType=高考真题&region=全国&gradeId=0&page=2&keyword=%20数学%20',
      ),
    );
    expect(f).toEqual({
      values: { stageId: '3', year: '2016', paperType: '高考真题', region: '全国' },
      keyword: '数学',
      page: 2,
    });
    expect(readFilters(paperFilterSpec, new URLSearchParams('paperType=随便&year=16&page=-1'))).toEqual({
      values: {},
      page: 1,
    });
  });

  it('writes a stable query without defaults and round-trips', () => {
    const f = { values: { year: '2016', subjectId: '7' }, keyword: '函数', page: 1 };
    const q = writeFilters(paperFilterSpec, f);
    expect(q.toString()).toBe('subjectId=7&year=2016&keyword=%E5%87%BD%E6%95%B0');
    expect(readFilters(paperFilterSpec, q)).toEqual(f);
  });

  it('clears dependants and returns to page 1 when a filter changes', () => {
    const f = readFilters(
      questionFilterSpec,
      new URLSearchParams('stageId=2&subjectId=5&knowledgePointId=9&type=单选题&page=4'),
    );
    expect(setFilter(questionFilterSpec, f, 'stageId', '3')).toEqual({
      values: { stageId: '3', type: '单选题' },
      page: 1,
    });
    // The chapter way and the knowledge-point way exclude each other.
    const byBook = setFilter(questionFilterSpec, f, 'textbookId', '11');
    expect(byBook.values).toEqual({ stageId: '2', subjectId: '5', textbookId: '11', type: '单选题' });
    expect(setFilter(questionFilterSpec, byBook, 'chapterId', '40').values.chapterId).toBe('40');
    expect(setFilter(questionFilterSpec, byBook, 'knowledgePointId', '9').values).toEqual({
      stageId: '2',
      subjectId: '5',
      knowledgePointId: '9',
      type: '单选题',
    });
    expect(setFilter(questionFilterSpec, f, 'type', undefined).values.type).toBeUndefined();
  });

  it('keeps filters when the keyword changes and builds the requests', () => {
    const f = setKeyword({ values: { year: '2016' }, page: 3 }, '  三角函数 ');
    expect(f).toEqual({ values: { year: '2016' }, keyword: '三角函数', page: 1 });
    expect(setKeyword(f, '')).toEqual({ values: { year: '2016' }, page: 1 });
    expect(facetQuery(f)).toEqual({ year: '2016', keyword: '三角函数' });
    expect(listQuery({ ...f, page: 2 }, 20)).toEqual({ year: '2016', keyword: '三角函数', page: 2, pageSize: 20 });
  });
});
