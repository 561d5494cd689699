import { describe, expect, it } from 'vitest';
import { MOBILE_LINKS, mobileCounterpart } from './mobile-links';

describe('mobileCounterpart', () => {
  it('maps a textbook detail link to the H5 book page with the same id', () => {
    expect(mobileCounterpart('/detail', '?id=12')).toBe('/mobileH5/browseBook?id=12');
  });

  it('maps the reader with its page', () => {
    expect(mobileCounterpart('/preview', '?id=7&page=8')).toBe('/mobileH5/pdf?id=7&page=8');
  });

  it('keeps the catalogue filters and drops paging', () => {
    expect(mobileCounterpart('/digitalBook', '?stageId=2&subjectId=7&gradeId=3&keyword=数学&page=4')).toBe(
      '/mobileH5/textbook?stageId=2&subjectId=7&gradeId=3&keyword=%E6%95%B0%E5%AD%A6',
    );
  });

  it('maps a lesson to the H5 lesson page', () => {
    expect(mobileCounterpart('/videoOnlineLearning', new URLSearchParams('id=5'))).toBe(
      '/mobileH5/networkLearning?id=5',
    );
  });

  it('sends the home page to the H5 home without a query', () => {
    expect(mobileCounterpart('/', '?utm=x')).toBe('/mobileH5/home');
  });

  it('keeps the activity code', () => {
    expect(mobileCounterpart('/activity', '?activityCode=A1')).toBe('/mobileH5/prize?activityCode=A1');
  });

  it('drops empty values', () => {
    expect(mobileCounterpart('/digitalBook', '?stageId=&keyword=')).toBe('/mobileH5/textbook');
  });

  it('answers null for a page without an H5 counterpart', () => {
    expect(mobileCounterpart('/help', '')).toBeNull();
    expect(mobileCounterpart('/digitalResources/paperCenter', '?id=1')).toBeNull();
  });

  it('only ever leads into the H5 site', () => {
    for (const link of Object.values(MOBILE_LINKS)) expect(link.to.startsWith('/mobileH5/')).toBe(true);
  });
});
