/**
 * Featured textbooks on the home pages (desktop and H5): which stage tabs to show. Kept free of UI
 * imports so the H5 home does not load the desktop component library with it.
 */
import type { FacetValue } from '@eav/contract';

const MAIN_STAGES = ['小学', '初中', '高中'];

/** Books shown per stage tab. */
export const FEATURED_COUNT = 6;

/** The stage tabs: 小学, 初中, 高中 when present (in that order), else every stage with books. */
export function featuredStages(stages: FacetValue[]): FacetValue[] {
  const withBooks = stages.filter((s) => s.count > 0);
  const main = MAIN_STAGES.map((n) => withBooks.find((s) => s.name === n)).filter((s): s is FacetValue => !!s);
  return main.length ? main : withBooks;
}
