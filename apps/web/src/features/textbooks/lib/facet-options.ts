/** Facet values offered by a filter row (desktop filter bar and H5 filter sheet). */
import type { FacetValue } from '@eav/contract';

/**
 * Values to offer in a row: those that still have books (count > 0), plus the selected one even if
 * the server omits it (shown first, named '已选条件' when unknown), so a choice never vanishes.
 */
export function rowOptions(values: FacetValue[], selected: number | undefined): FacetValue[] {
  const list = values.filter((v) => v.count > 0);
  if (selected !== undefined && !list.some((v) => v.id === selected)) {
    const known = values.find((v) => v.id === selected);
    list.unshift(known ?? { id: selected, name: '已选条件', count: 0 });
  }
  return list;
}
