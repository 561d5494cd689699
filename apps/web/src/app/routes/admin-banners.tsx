/** `/admin/banners`: operator console, 轮播图 (docs/console-content.md). */
import { BannersConsole } from '@/features/console-content/components/banners-console';

export default function AdminBannersRoute() {
  return <BannersConsole />;
}
