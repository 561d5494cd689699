/** The activity's recommended books; each opens the reader (the page passes its reader's link). */
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiPaths, TEXTBOOK_ACCESS_LABELS, type TextbookListItem } from '@eav/contract';
import { useRecommendBooks } from '../api/get-recommend-books';
import { PrizeSection, SectionState } from './section';
import styles from './prize.module.css';

function Cover({ book }: { book: TextbookListItem }) {
  const fallback = ApiPaths.textbookCoverSvg(book.id);
  const [src, setSrc] = useState(book.coverUrl || fallback);
  return (
    <div className={styles.bookCover}>
      <img src={src} alt="" loading="lazy" onError={() => src !== fallback && setSrc(fallback)} />
    </div>
  );
}

export function RecommendedBooks({ code, readHref }: { code: string; readHref: (bookId: number) => string }) {
  const books = useRecommendBooks(code);
  return (
    <PrizeSection id="prize-books" title="推荐书目" note="阅读推荐教材即可累计活动时长" testId="recommended-books">
      <SectionState
        pending={books.isPending}
        error={books.error}
        empty={books.data?.length === 0}
        emptyText="本次活动暂无推荐教材"
        onRetry={() => void books.refetch()}
      />
      {!!books.data?.length && (
        <ul className={styles.books}>
          {books.data.map((b) => (
            <li key={b.id}>
              {/* Named by its text, title and access (WCAG 2.5.3, label in name): no aria-label. */}
              <Link to={readHref(b.id)} className={styles.book} data-testid="recommended-book">
                <Cover book={b} />
                <span className={styles.bookTitle}>{b.title}</span>
                <span className={styles.bookMeta}>{TEXTBOOK_ACCESS_LABELS[b.access]}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PrizeSection>
  );
}
