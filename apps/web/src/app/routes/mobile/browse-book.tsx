/** `/mobileH5/browseBook?id=`: one textbook on the H5 site, with its 版次与勘误. */
import { MobileBookPublishing } from '@/features/publishing/components/mobile-book-publishing';
import { MobileBook } from '@/features/textbooks/components/mobile/mobile-book';

export default function MobileBrowseBookRoute() {
  return (
    <MobileBook
      renderExtra={(book, read) => (
        <MobileBookPublishing bookId={book.id} onOpenPage={book.hasFile ? (page) => read(page) : undefined} />
      )}
    />
  );
}
