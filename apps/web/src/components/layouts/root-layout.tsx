/**
 * Root layout: renders the shell `shellFor` picks from the path (shells.ts) around the page. The
 * document title is the platform name on every route.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { site } from '@/config/site';
import { loadDesktopShells, loadH5Shell, shellFor } from './shells';
import '@/styles/global.css';

const DesktopShell = lazy(() => loadDesktopShells().then((m) => ({ default: m.DesktopShellWithProviders })));
const BareShell = lazy(() => loadDesktopShells().then((m) => ({ default: m.BareShell })));
const H5Shell = lazy(() => loadH5Shell().then((m) => ({ default: m.H5ShellWithToasts })));

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
