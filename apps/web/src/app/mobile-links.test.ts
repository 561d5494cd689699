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

  it('maps 我的笔记 with its keyword and kind, dropping the book and the page', () => {
    expect(mobileCounterpart('/user/notes', '?keyword=a&textbookId=3&kind=note&page=2')).toBe(
      '/mobileH5/notes?keyword=a&kind=note',
    );
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

  it('sends the desktop login to the H5 login, returning to an H5 page', () => {
    const back = (to: string | null) => new URLSearchParams(to!.split('?')[1]).get('redirect');
    expect(mobileCounterpart('/loginRegistration', '?loginStep=1&redirect=%2Fuser')?.split('?')[0]).toBe(
      '/mobileH5/login',
    );
    expect(back(mobileCounterpart('/loginRegistration', '?loginStep=1&redirect=%2Fuser'))).toBe('/mobileH5/userCenter');
    expect(back(mobileCounterpart('/loginRegistration', '?redirect=%2FmyBook'))).toBe('/mobileH5/userCenter');
    expect(back(mobileCounterpart('/loginRegistration', '?redirect=%2Factivity%3FactivityCode%3DA1'))).toBe(
      '/mobileH5/prize?activityCode=A1',
    );
    expect(back(mobileCounterpart('/loginRegistration', '?redirect=%2Fhelp'))).toBe('/mobileH5/home');
    expect(back(mobileCounterpart('/loginRegistration', '?redirect=%2F%2Fevil.example'))).toBe('/mobileH5/home');
    expect(back(mobileCounterpart('/loginRegistration', '?loginStep=0'))).toBe('/mobileH5/home');
  });

  it('sends the login-only desktop pages to the H5 我的 page', () => {
    expect(mobileCounterpart('/user', '')).toBe('/mobileH5/userCenter');
    expect(mobileCounterpart('/myBook', '')).toBe('/mobileH5/userCenter');
  });
});
