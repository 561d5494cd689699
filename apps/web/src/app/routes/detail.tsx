/**
 * `/detail?id=…`: one textbook (textbooks feature) with its 版次与勘误 (publishing feature), whose
 * page links open the reader at that page.
 */
import { BookPublishing } from '@/features/publishing/components/book-publishing';
import { TextbookDetail } from '@/features/textbooks/components/textbook-detail';

export default function DetailRoute() {
  return (
    <TextbookDetail
      renderExtra={(book, read) => (
        <BookPublishing bookId={book.id} onOpenPage={book.hasFile ? (page) => read(page) : undefined} />
      )}
    />
  );
}
