/**
 * Filter rows with counts, like the catalogue's filter bar: each row offers only the values that
 * still have results under the other filters (count > 0), plus the chosen one; long rows collapse
 * to one line with 更多.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import type { FacetValue, ValueFacet } from '@eav/contract';
import styles from './question-bank.module.css';

export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

export interface FacetRowSpec {
  key: string;
  label: string;
  options: FacetOption[];
  selected: string | undefined;
}

/** Dictionary facets (`{id, name, count}`) as row options. */
export const fromDict = (values: FacetValue[]): FacetOption[] =>
  values.map((v) => ({ value: String(v.id), label: v.name, count: v.count }));

/** Value facets (`{value, label, count}`) as row options. */
export const fromValues = (values: ValueFacet[]): FacetOption[] =>
  values.map((v) => ({ value: v.value, label: v.label, count: v.count }));

/** Values to offer: those with results, plus the selected one. */
export function rowOptions(options: FacetOption[], selected: string | undefined): FacetOption[] {
  const list = options.filter((o) => o.count > 0);
  if (selected !== undefined && !list.some((o) => o.value === selected)) {
    const known = options.find((o) => o.value === selected);
    list.unshift(known ?? { value: selected, label: '已选条件', count: 0 });
  }
  return list;
}

function FacetRow({ row, onSelect }: { row: FacetRowSpec; onSelect(value: string | undefined): void }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);
  const options = rowOptions(row.options, row.selected);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => setOverflowing(el.scrollHeight > 44);
    measure();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : undefined;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, [options.length]);

  return (
    <div className={styles.filterRow} role="group" aria-label={row.label} data-filter={row.key}>
      <span className={styles.filterLabel}>{row.label}</span>
      <div ref={listRef} className={`${styles.filterOptions} ${expanded ? '' : styles.filterCollapsed}`}>
        <button
          type="button"
          className={`${styles.filterOption} ${row.selected === undefined ? styles.filterActive : ''}`}
          aria-pressed={row.selected === undefined}
          onClick={() => onSelect(undefined)}
        >
          全部
        </button>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            className={`${styles.filterOption} ${row.selected === o.value ? styles.filterActive : ''}`}
            aria-pressed={row.selected === o.value}
            onClick={() => onSelect(row.selected === o.value ? undefined : o.value)}
          >
            {o.label}
            {o.count > 0 && <span className={styles.filterCount}>{o.count}</span>}
          </button>
        ))}
      </div>
      {(overflowing || expanded) && (
        <button
          type="button"
          className={styles.filterMore}
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
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

export function FacetFilters({
  rows,
  loading,
  onSelect,
}: {
  /** Undefined while the first facets load. */
  rows: FacetRowSpec[] | undefined;
  loading: boolean;
  onSelect(key: string, value: string | undefined): void;
}) {
  if (!rows) {
    return (
      <div className={styles.filterBar} aria-busy>
        <Skeleton active title={false} paragraph={{ rows: 4, width: ['60%', '80%', '70%', '50%'] }} />
      </div>
    );
  }
  return (
    <div className={`${styles.filterBar} ${loading ? styles.filterBusy : ''}`} aria-busy={loading}>
      {rows
        .filter((r) => r.selected !== undefined || r.options.some((o) => o.count > 0))
        .map((row) => (
          <FacetRow key={row.key} row={row} onSelect={(v) => onSelect(row.key, v)} />
        ))}
    </div>
  );
}
