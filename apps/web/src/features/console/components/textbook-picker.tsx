/**
 * A book picker for console forms: antd Select with remote search over the console's book list (title
 * or external id), each option showing title, grade and edition. Its value is the book's id as text,
 * what the forms send as `textbook`.
 */
import type { AdminTextbookRow } from '@eav/contract';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTextbookSearch } from '../api/search-textbooks';

/** Wait after the last key before asking the server, ms. */
const SEARCH_DELAY_MS = 300;

/** What an option says: 《title》 · grade · edition (the grade only when the book has one). */
export function pickerLabel(b: Pick<AdminTextbookRow, 'title' | 'grade' | 'edition'>): string {
  return [b.title, b.grade, b.edition].filter(Boolean).join(' · ');
}

export function TextbookPicker({
  value,
  onChange,
  id,
  width = 360,
}: {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
  width?: number;
}) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useTextbookSearch(q, open || !!q);
  const options = (search.data?.items ?? []).map((b) => ({ value: String(b.id), label: pickerLabel(b) }));
  // The chosen book keeps its label when a later search no longer lists it.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  if (value && picked?.value === value && !options.some((o) => o.value === value)) options.unshift(picked);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      value={value}
      onChange={(v: string | undefined) => {
        setPicked(options.find((o) => o.value === v) ?? null);
        onChange?.(v);
      }}
      onOpenChange={setOpen}
      placeholder="搜索教材名称或外部编号"
      loading={search.isFetching}
      notFoundContent={search.isFetching ? '正在查找…' : '没有找到教材'}
      style={{ width }}
      popupMatchSelectWidth={false}
      options={options}
      aria-label="教材"
      data-testid="textbook-picker"
    />
  );
}
