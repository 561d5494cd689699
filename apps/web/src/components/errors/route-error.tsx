/**
 * Route error boundary. A page chunk that still fails after lib/lazy.ts's retry (or any other
 * render error) shows a friendly page with 重新加载; an unknown route shows 页面不存在.
 * Rendered inside the shell when a page fails, and alone when the shell itself failed to load.
 */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '@/lib/lazy';
import { StatusPage } from '@/components/ui/status-page';
// Loaded with the router, so this page is styled even when the shell chunk failed.
import '@/styles/global.css';

/** True for a lazy chunk that could not be fetched or timed out (names differ per browser). */
export function isChunkError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const msg = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Loading chunk|Unable to preload CSS|Failed to fetch/i.test(
    msg,
  );
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <StatusPage kind="not-found" title="页面不存在" text="您访问的页面不存在或已被移除，请检查地址是否正确。" />;
  }
  if (isChunkError(error)) {
    return (
      <StatusPage
        kind="offline"
        title="页面加载失败"
        text="网络不稳定，页面资源未能加载完成。请检查网络连接后重新加载。"
        reload
      />
    );
  }
  return (
    <StatusPage
      kind="error"
      title="页面出错了"
      text="页面遇到了意外问题，重新加载通常可以解决。如仍有问题，请联系客服。"
      reload
    />
  );
}
