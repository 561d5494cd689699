/**
 * Which shell a route renders in (docs/product.md §2, Shell) and the loaders of the shell chunks. Part
 * of the entry chunk so that the entry can start fetching the right shell while the router is still
 * loading the route's page, instead of after the root layout first renders.
 * - /mobileH5/*: the H5 shell (antd-mobile, 375 px design, bottom TabBar on the main tabs);
 * - /preview, /ossPreview, /mobile/*: bare (no header, footer or chat button);
 * - everything else: the desktop shell (header, footer, 在线客服, scroll to top).
 */
import { isBareRoute, paths } from '@/config/paths';
import { chunk } from '@/lib/lazy';

export type ShellKind = 'desktop' | 'bare' | 'h5';

/** Which shell a route path renders in. */
export function shellFor(pathname: string): ShellKind {
  if (pathname === paths.mobile.root || pathname.startsWith(`${paths.mobile.root}/`)) return 'h5';
  if (isBareRoute(pathname)) return 'bare';
  return 'desktop';
}

// Each shell is its own chunk: the H5 site loads antd-mobile only, the desktop site antd only. The
// bare shell lives in the desktop chunk. The root layout renders them without suspending once loaded.
export const desktopShells = chunk(() => import('./desktop-shell'));
export const h5Shell = chunk(() => import('./h5-shell'));

/** Starts fetching the shell chunk of `pathname`; failures surface later, where the shell renders. */
export function preloadShell(pathname: string): void {
  const shell = shellFor(pathname) === 'h5' ? h5Shell : desktopShells;
  shell.load().catch(() => undefined);
}
