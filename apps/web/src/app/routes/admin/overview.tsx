/** `/admin`: 概览. */
import { ConsoleOverview } from '@/features/console/components/overview';
import { useConsoleUser } from './layout';

export default function ConsoleOverviewRoute() {
  return <ConsoleOverview sections={useConsoleUser().sections} />;
}
