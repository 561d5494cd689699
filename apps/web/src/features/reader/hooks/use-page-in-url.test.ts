import { describe, expect, it } from 'vitest';
import { pageFromSearch } from './use-page-in-url';

describe('pageFromSearch', () => {
  it('reads whole page numbers from 1 only', () => {
    expect(pageFromSearch(new URLSearchParams('id=3&page=12'))).toBe(12);
    for (const bad of ['', 'page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=1e3', 'page=99999999999999999999'])
      expect(pageFromSearch(new URLSearchParams(bad))).toBeNull();
  });
});
