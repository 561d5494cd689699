/**
 * Root layout: picks the shell from the path (spec section 2, Shell) and registers the toast sinks.
 * - /mobileH5/*: the H5 shell (antd-mobile, 375 px design, bottom TabBar on the main tabs);
 * - /preview, /ossPreview, /mobile/*: bare (no header, footer or chat button);
 * - everything else: the desktop shell (header, footer, 在线客服, scroll to top).
 * The document title is the platform name on every route.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isBareRoute, paths } from '@/config/paths';
import { site } from '@/config/site';
import { loadChunk } from '@/lib/lazy';
import '@/styles/global.css';

// Each shell is its own chunk: the H5 site loads antd-mobile only, the desktop site antd only.
const DesktopShell = lazy(() =>
  loadChunk(() => import('./desktop-shell')).then((m) => ({ default: m.DesktopShellWithProviders })),
);
const BareShell = lazy(() => loadChunk(() => import('./desktop-shell')).then((m) => ({ default: m.BareShell })));
const H5Shell = lazy(() => loadChunk(() => import('./h5-shell')).then((m) => ({ default: m.H5ShellWithToasts })));

export type ShellKind = 'desktop' | 'bare' | 'h5';

/** Which shell a route path renders in. */
export function shellFor(pathname: string): ShellKind {
  if (pathname === paths.mobile.root || pathname.startsWith(`${paths.mobile.root}/`)) return 'h5';
  if (isBareRoute(pathname)) return 'bare';
  return 'desktop';
}

export default function RootLayout() {
  const { pathname } = useLocation();
  const shell = shellFor(pathname);
  useEffect(() => {
    document.title = site.platformName;
  }, [pathname]);
  return (
    <Suspense fallback={null}>
      {shell === 'desktop' && (
        <DesktopShell>
          <Outlet />
        </DesktopShell>
      )}
      {shell === 'h5' && (
        <H5Shell>
          <Outlet />
        </H5Shell>
      )}
      {shell === 'bare' && (
        <BareShell>
          <Outlet />
        </BareShell>
      )}
    </Suspense>
  );
}
