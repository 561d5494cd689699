/** `/smartPublishing/news?id=`: one 出版动态 announcement. */
import { AnnouncementPage } from '@/features/publishing/components/announcement-page';

export default function PublishingNewsRoute() {
  return <AnnouncementPage />;
}
