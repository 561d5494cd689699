/** `/admin/training`: operator console, 研修课程 (docs/training.md, Console; roles admin, operator). */
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { TrainingConsole } from '@/features/console-training/components/training-console';
import { useConsoleUser } from './layout';

export default function AdminTrainingRoute() {
  if (!useConsoleUser().sections.includes('training')) return <Navigate to={paths.admin} replace />;
  return <TrainingConsole />;
}
