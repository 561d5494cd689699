/**
 * `/smartPublishing` (智慧出版): the publishing feature's showcase and 出版动态, with the textbooks
 * feature's catalogue cards for the books.
 */
import { PublishingHome } from '@/features/publishing/components/publishing-home';
import { TextbookCard } from '@/features/textbooks/components/textbook-card';

export default function SmartPublishingRoute() {
  return <PublishingHome renderBook={(book) => <TextbookCard key={book.id} book={book} />} />;
}
