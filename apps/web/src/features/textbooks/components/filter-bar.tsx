/**
 * The cascading filter bar 学段 → 学科 → 版本 → 年级 → 册次 (→ 出版社) with counts from the facets
 * endpoint. Only values that still have books are offered (count > 0), so the bar never leads to
 * an empty page; the chosen value stays visible even if the server omits it. Long rows collapse
 * to one line with 更多.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import type { FacetValue, TextbookFacets } from '@eav/contract';
import { rowOptions } from '../lib/facet-options';
import { CASCADE, DIMENSION_LABELS, idKey, type CascadeDimension, type CatalogueFilters } from '../lib/filters';
import styles from './textbooks.module.css';

interface Props {
  facets: TextbookFacets | undefined;
  filters: CatalogueFilters;
  loading: boolean;
  onSelect(dim: CascadeDimension, value: number | undefined): void;
}

function FilterRow({
  dim,
  values,
  selected,
  onSelect,
}: {
  dim: CascadeDimension;
  values: FacetValue[];
  selected: number | undefined;
  onSelect(value: number | undefined): void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => setOverflowing(el.scrollHeight > 44);
    measure();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : undefined;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, [values]);

  return (
    <div className={styles.filterRow} role="group" aria-label={DIMENSION_LABELS[dim]} data-dim={dim}>
      <span className={styles.filterLabel}>{DIMENSION_LABELS[dim]}</span>
      <div ref={listRef} className={`${styles.filterOptions} ${expanded ? '' : styles.filterCollapsed}`}>
        <button
          type="button"
          className={`${styles.filterOption} ${selected === undefined ? styles.filterActive : ''}`}
          aria-pressed={selected === undefined}
          onClick={() => onSelect(undefined)}
        >
          全部
        </button>
        {values.map((v) => (
          <button
            key={v.id}
            type="button"
            className={`${styles.filterOption} ${selected === v.id ? styles.filterActive : ''}`}
            aria-pressed={selected === v.id}
            onClick={() => onSelect(selected === v.id ? undefined : v.id)}
          >
            {v.name}
            {v.count > 0 && <span className={styles.filterCount}>{v.count}</span>}
          </button>
        ))}
      </div>
      {(overflowing || expanded) && (
        <button type="button" className={styles.filterMore} onClick={() => setExpanded((e) => !e)}>
          {expanded ? (
            <>
              收起 <UpOutlined />
            </>
          ) : (
            <>
              更多 <DownOutlined />
            </>
          )}
        </button>
      )}
    </div>
  );
}

export function FilterBar({ facets, filters, loading, onSelect }: Props) {
  if (!facets) {
    return (
      <div className={styles.filterBar} aria-busy>
        <Skeleton active title={false} paragraph={{ rows: 5, width: ['60%', '80%', '70%', '50%', '40%'] }} />
      </div>
    );
  }
  return (
    <div className={`${styles.filterBar} ${loading ? styles.filterBusy : ''}`} aria-busy={loading}>
      {CASCADE.map((dim) => {
        const selected = filters[idKey(dim)];
        const values = rowOptions(facets[dim], selected);
        // Publisher is a refinement: shown only when it actually tells books apart.
        if (dim === 'publisher' && values.length < 2 && selected === undefined) return null;
        if (values.length === 0 && selected === undefined) return null;
        return <FilterRow key={dim} dim={dim} values={values} selected={selected} onSelect={(v) => onSelect(dim, v)} />;
      })}
    </div>
  );
}
