/**
 * Root layout: renders the shell `shellFor` picks from the path (shells.ts) around the page. The
 * document title is the platform name on every route.
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { site } from '@/config/site';
import { lazyFrom } from '@/lib/lazy';
import { desktopShells, h5Shell, shellFor } from './shells';
import '@/styles/global.css';

// The entry requests the page's shell during the boot (main.tsx), so it has usually arrived by the
// first render, which then shows it without a blank pause (lib/lazy.ts, `lazyFrom`).
const DesktopShell = lazyFrom(desktopShells, (m) => m.DesktopShellWithProviders);
const BareShell = lazyFrom(desktopShells, (m) => m.BareShell);
const H5Shell = lazyFrom(h5Shell, (m) => m.H5ShellWithToasts);

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
