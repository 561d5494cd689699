/** `/admin/users`: 用户 (support, admin). */
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { UsersSection } from '@/features/console/components/users-section';
import { useConsoleUser } from './layout';

export default function ConsoleUsersRoute() {
  const me = useConsoleUser();
  if (!me.sections.includes('users')) return <Navigate to={paths.admin} replace />;
  return <UsersSection isAdmin={me.roles.includes('admin')} />;
}
