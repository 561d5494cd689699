/** Unknown route: 页面不存在 inside the shell of the path (desktop or H5). */
import { StatusPage } from '@/components/ui/status-page';

export default function NotFoundRoute() {
  return <StatusPage kind="not-found" title="页面不存在" text="您访问的页面不存在或已被移除，请检查地址是否正确。" />;
}
