/**
 * A catalogue card: cover, title, and the edition and publisher lines that tell apart books with the
 * same title from different publishers. Links to `/detail?id=`. The access badge only on a book that
 * can be read online (the server's `hasFile`): a book without an electronic edition promises nothing.
 */
import { Link } from 'react-router';
import type { TextbookListItem } from '@eav/contract';
import { paths } from '@/config/paths';
import { AccessBadge } from './access-badge';
import { CoverImage } from './cover-image';
import styles from './textbooks.module.css';

export function detailHref(id: number): string {
  return `${paths.detail}?id=${id}`;
}

export function TextbookCard({ book, eager }: { book: TextbookListItem; eager?: boolean }) {
  const meta = [book.grade?.name, book.volume?.name].filter(Boolean).join(' · ');
  return (
    <Link to={detailHref(book.id)} className={styles.card} data-testid="textbook-card" title={book.title}>
      <div className={styles.cardCoverWrap}>
        <CoverImage id={book.id} coverUrl={book.coverUrl} title={book.title} eager={eager} />
        {book.hasFile && <AccessBadge access={book.access} className={styles.cardBadge} />}
      </div>
      <div className={styles.cardBody}>
        <h3 className={styles.cardTitle}>{book.title}</h3>
        <p className={styles.cardEdition}>
          <span className={styles.editionTag}>{book.edition.name}</span>
          {meta && <span className={styles.cardMeta}>{meta}</span>}
        </p>
        <p className={styles.cardPublisher}>{book.publisher?.name ?? '出版社未注明'}</p>
      </div>
    </Link>
  );
}

/** Skeleton of a card (same box as the card, so the grid does not jump when data arrives). */
export function TextbookCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.cardSkeleton}`} aria-hidden>
      <div className={styles.cardCoverWrap}>
        <div className={`${styles.cover} ${styles.shimmer}`} />
      </div>
      <div className={styles.cardBody}>
        <div className={`${styles.skelLine} ${styles.shimmer}`} style={{ width: '90%' }} />
        <div className={`${styles.skelLine} ${styles.shimmer}`} style={{ width: '60%' }} />
        <div className={`${styles.skelLine} ${styles.shimmer}`} style={{ width: '75%' }} />
      </div>
    </div>
  );
}
