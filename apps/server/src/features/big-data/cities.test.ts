import { describe, expect, it } from 'vitest';
import { cityOfRegion, ZHEJIANG_CITIES } from './cities';

describe('cityOfRegion', () => {
  it.each([
    ['浙江省杭州市西湖区', '杭州市'],
    ['杭州', '杭州市'],
    ['浙江省/宁波市/鄞州区', '宁波市'],
    ['330382', '温州市'],
    ['331102', '丽水市'],
    ['江苏省南京市', null],
    ['', null],
    [null, null],
  ])('%s → %s', (region, city) => {
    expect(cityOfRegion(region)?.name ?? null).toBe(city);
  });

  it('lists the 11 cities of Zhejiang once each, with GB/T 2260 codes', () => {
    expect(ZHEJIANG_CITIES).toHaveLength(11);
    expect(new Set(ZHEJIANG_CITIES.map((c) => c.code)).size).toBe(11);
    for (const c of ZHEJIANG_CITIES) expect(c.code).toMatch(/^33\d{2}00$/);
  });
});
