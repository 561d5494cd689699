/** `/admin/catalogue`: operator console, 目录导入 (docs/console-content.md). */
import { CatalogueConsole } from '@/features/console-content/components/catalogue-console';

export default function AdminCatalogueRoute() {
  return <CatalogueConsole />;
}
