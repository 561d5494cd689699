/**
 * 同步资源's textbook picker: the catalogue's cascading filters 学段 → 学科 → 版本 → 年级 → 册次 with
 * counts (docs/product.md §11) over the books that have contents, or one of 我的教材. Only books with
 * a chapter tree are offered: the page is organised by chapter.
 */
import { useState } from 'react';
import { Button, Empty, Segmented, Skeleton } from 'antd';
import type { ChapterBook } from '@eav/contract';
import { useEditions } from '@/api/dictionaries';
import {
  BOOK_CASCADE,
  BOOK_DIMENSION_LABELS,
  bookFacet,
  matchBooks,
  selectBookDimension,
  type BookFilters,
} from '../lib/book-filters';
import styles from './resources.module.css';

const SHOWN_BOOKS = 12;

interface Props {
  books: ChapterBook[] | undefined;
  filters: BookFilters;
  onFilters(filters: BookFilters): void;
  selectedId: number | undefined;
  onSelect(book: ChapterBook): void;
  /** Ids of the user's own books (undefined when logged out). */
  myBookIds: ReadonlySet<number> | undefined;
}

function BookButton({ book, active, onSelect }: { book: ChapterBook; active: boolean; onSelect(): void }) {
  return (
    <button
      type="button"
      className={`${styles.book} ${active ? styles.bookActive : ''}`}
      aria-pressed={active}
      onClick={onSelect}
      data-testid="book-option"
      data-book-id={book.id}
    >
      <img className={styles.bookCover} src={book.coverUrl} alt="" loading="lazy" />
      <span>
        <span className={styles.bookTitle}>{book.title}</span>
        <br />
        <span className={styles.bookMeta}>
          {[book.edition.name, book.grade?.name, book.volume?.name].filter(Boolean).join(' · ')}
        </span>
      </span>
    </button>
  );
}

export function BookPicker({ books, filters, onFilters, selectedId, onSelect, myBookIds }: Props) {
  const [source, setSource] = useState<'all' | 'mine'>('all');
  // 版本 named and ordered by the dictionary table, as on /digitalBook.
  const editions = useEditions();
  const [showAll, setShowAll] = useState(false);
  if (!books) return <Skeleton active paragraph={{ rows: 5 }} />;

  const mine = myBookIds ? books.filter((b) => myBookIds.has(b.id)) : [];
  const matching = source === 'mine' ? mine : matchBooks(books, filters);
  const shown = showAll ? matching : matching.slice(0, SHOWN_BOOKS);

  return (
    <div data-testid="book-picker">
      {myBookIds && (
        <Segmented
          value={source}
          onChange={(v) => setSource(v as 'all' | 'mine')}
          options={[
            { label: '按教材筛选', value: 'all' },
            { label: `我的教材（${mine.length}）`, value: 'mine' },
          ]}
          style={{ marginBottom: 8 }}
        />
      )}
      {source === 'all' &&
        BOOK_CASCADE.map((dim) => {
          const values = bookFacet(books, filters, dim, dim === 'edition' ? editions.data : undefined);
          if (values.length === 0) return null;
          const selected = filters[dim];
          return (
            <div
              key={dim}
              className={styles.filterRow}
              role="group"
              aria-label={BOOK_DIMENSION_LABELS[dim]}
              data-dim={dim}
            >
              <span className={styles.filterLabel}>{BOOK_DIMENSION_LABELS[dim]}</span>
              <div className={styles.filterOptions}>
                <button
                  type="button"
                  className={`${styles.chip} ${selected === undefined ? styles.chipActive : ''}`}
                  aria-pressed={selected === undefined}
                  onClick={() => onFilters(selectBookDimension(filters, dim, undefined))}
                >
                  全部
                </button>
                {values.map((v) => (
                  <button
                    key={v.id}
                    type="button"
                    className={`${styles.chip} ${selected === v.id ? styles.chipActive : ''}`}
                    aria-pressed={selected === v.id}
                    onClick={() => onFilters(selectBookDimension(filters, dim, selected === v.id ? undefined : v.id))}
                  >
                    {v.name}
                    <span className={styles.chipCount}>{v.count}</span>
                  </button>
                ))}
              </div>
            </div>
          );
        })}
      {matching.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            source === 'mine' ? '我的教材中还没有带目录的教材，请按教材筛选' : '当前条件下没有教材，试试调整筛选条件'
          }
        />
      ) : (
        <>
          <p className={styles.crumbs} style={{ margin: '12px 0 0' }}>
            {source === 'mine' ? '我的教材' : '符合条件的教材'} {matching.length} 本，请选择一本：
          </p>
          <div className={styles.books} role="list" aria-label="教材">
            {shown.map((b) => (
              <div role="listitem" key={b.id}>
                <BookButton book={b} active={b.id === selectedId} onSelect={() => onSelect(b)} />
              </div>
            ))}
          </div>
          {matching.length > SHOWN_BOOKS && (
            <Button type="link" onClick={() => setShowAll((s) => !s)} style={{ marginTop: 8 }}>
              {showAll ? '收起' : `显示全部 ${matching.length} 本`}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
