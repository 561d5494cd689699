/** `/admin/activities`: operator console, 活动 (docs/console-content.md). */
import { ActivitiesConsole } from '@/features/console-content/components/activities-console';

export default function AdminActivitiesRoute() {
  return <ActivitiesConsole />;
}
