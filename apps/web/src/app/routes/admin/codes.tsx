/** `/admin/codes`: 激活码 (operator, admin). */
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { CodesSection } from '@/features/console/components/codes-section';
import { useConsoleUser } from './layout';

export default function ConsoleCodesRoute() {
  if (!useConsoleUser().sections.includes('codes')) return <Navigate to={paths.admin} replace />;
  return <CodesSection />;
}
