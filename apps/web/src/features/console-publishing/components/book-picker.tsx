/** A book chooser: searches the catalogue by title or externalId; shows the chosen book's title. */
import { Select } from 'antd';
import { useState } from 'react';
import { usePickTextbooks } from '../api/get-textbooks';

export function BookPicker(props: {
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  id?: string;
  allowClear?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
}) {
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  // Searches while the list is open or a search text was typed (typing may precede the open event).
  const found = usePickTextbooks({ q: q || undefined }, open || q !== '');
  // The chosen book's own entry (its title for the closed select); a key of its own, never the search's.
  const chosen = usePickTextbooks({ id: props.value ?? 0 }, !!props.value);
  const books = [...(props.value ? (chosen.data ?? []) : []), ...(found.data ?? [])];
  const options = [...new Map(books.map((b) => [b.id, b])).values()].map((b) => ({
    value: b.id,
    label: `${b.title}（${b.externalId}${b.pageCount ? `，${b.pageCount} 页` : ''}）`,
  }));
  return (
    <Select
      id={props.id}
      showSearch={{ filterOption: false, onSearch: (s) => setQ(s.trim()) }}
      value={props.value ?? undefined}
      onChange={(v?: number) => props.onChange?.(v)}
      onOpenChange={setOpen}
      options={options}
      loading={found.isFetching}
      allowClear={props.allowClear}
      placeholder={props.placeholder ?? '搜索书名或外部编号'}
      notFoundContent={found.isFetching ? '搜索中…' : '没有找到教材'}
      style={props.style}
      aria-label={props['aria-label']}
    />
  );
}
