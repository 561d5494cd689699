/**
 * The H5 bookstore's filter sheet: the desktop's cascading 学科 → 版本 → 年级 → 册次 (→ 出版社)
 * filters with counts from the same facets endpoint, in a bottom sheet. Choices are a draft until
 * 确定; the counts follow the draft, so every value offered still has books (docs/product.md §3).
 * Options are plain buttons with `aria-pressed`, reachable by keyboard and announced with their count.
 */
import { useEffect, useId, useState } from 'react';
import { Button, Popup, Skeleton } from 'antd-mobile';
import { useTextbookFacets } from '../../api/get-textbook-facets';
import { rowOptions } from '../../lib/facet-options';
import {
  DIMENSION_LABELS,
  idKey,
  selectDimension,
  toFacetQuery,
  type CascadeDimension,
  type CatalogueFilters,
} from '../../lib/filters';
import styles from './mobile.module.css';

/** The dimensions offered in the sheet (学段 has its own tabs above the list). */
export const SHEET_DIMENSIONS = [
  'subject',
  'edition',
  'grade',
  'volume',
  'publisher',
] as const satisfies readonly CascadeDimension[];

/** How many sheet dimensions are set (shown on the 筛选 button). */
export function sheetFilterCount(f: CatalogueFilters): number {
  return SHEET_DIMENSIONS.filter((d) => f[idKey(d)] !== undefined).length;
}

export function MobileFilterSheet({
  visible,
  filters,
  onClose,
  onApply,
}: {
  visible: boolean;
  filters: CatalogueFilters;
  onClose(): void;
  onApply(next: CatalogueFilters): void;
}) {
  const [draft, setDraft] = useState(filters);
  const titleId = useId();
  // Each opening starts from the applied filters.
  useEffect(() => {
    if (visible) setDraft(filters);
  }, [visible, filters]);
  const facets = useTextbookFacets(toFacetQuery(draft));

  const reset = () => {
    let next = draft;
    for (const d of SHEET_DIMENSIONS) next = selectDimension(next, d, undefined);
    setDraft(next);
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName={styles.sheetBody}
      destroyOnClose
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className={styles.sheet}>
        <h2 id={titleId} className={styles.sheetTitle}>
          筛选教材
        </h2>
        <div className={styles.sheetScroll} aria-busy={facets.isFetching}>
          {!facets.data ? (
            <Skeleton.Paragraph lineCount={6} animated />
          ) : (
            SHEET_DIMENSIONS.map((dim) => {
              const selected = draft[idKey(dim)];
              const values = rowOptions(facets.data[dim], selected);
              if (dim === 'publisher' && values.length < 2 && selected === undefined) return null;
              if (values.length === 0 && selected === undefined) return null;
              return (
                <section key={dim} className={styles.sheetGroup} role="group" aria-label={DIMENSION_LABELS[dim]}>
                  <h3 className={styles.sheetLabel}>{DIMENSION_LABELS[dim]}</h3>
                  <div className={styles.chips}>
                    <button
                      type="button"
                      className={styles.chip}
                      aria-pressed={selected === undefined}
                      onClick={() => setDraft(selectDimension(draft, dim, undefined))}
                    >
                      全部
                    </button>
                    {values.map((v) => (
                      <button
                        key={v.id}
                        type="button"
                        className={styles.chip}
                        aria-pressed={selected === v.id}
                        aria-label={`${v.name}，${v.count} 本`}
                        onClick={() => setDraft(selectDimension(draft, dim, selected === v.id ? undefined : v.id))}
                      >
                        {v.name}
                        <span className={styles.chipCount} aria-hidden>
                          {v.count}
                        </span>
                      </button>
                    ))}
                  </div>
                </section>
              );
            })
          )}
        </div>
        <div className={styles.sheetActions}>
          <Button onClick={reset}>重置</Button>
          <Button
            color="primary"
            onClick={() => {
              onApply(draft);
              onClose();
            }}
          >
            确定
          </Button>
        </div>
      </div>
    </Popup>
  );
}
