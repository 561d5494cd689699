/** `/admin/audit`: 审计日志 (admin). */
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuditSection } from '@/features/console/components/audit-section';
import { useConsoleUser } from './layout';

export default function ConsoleAuditRoute() {
  if (!useConsoleUser().sections.includes('audit')) return <Navigate to={paths.admin} replace />;
  return <AuditSection />;
}
