/** `/admin/review`: operator console, 资源审核 (docs/console-content.md). */
import { ReviewConsole } from '@/features/console-content/components/review-console';

export default function AdminReviewRoute() {
  return <ReviewConsole />;
}
