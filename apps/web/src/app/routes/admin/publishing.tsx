/** `/admin/publishing`: operator console, 出版管理 — 勘误, 出版动态, 印次 (docs/publishing.md, Console). */
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { PublishingConsole } from '@/features/console-publishing/components/publishing-console';
import { useConsoleUser } from './layout';

export default function AdminPublishingRoute() {
  const user = useConsoleUser();
  if (!user.sections.includes('publishing')) return <Navigate to={paths.admin} replace />;
  return <PublishingConsole roles={user.roles} />;
}
