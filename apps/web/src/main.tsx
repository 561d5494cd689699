/**
 * Entry: mobile viewport, session wiring of the HTTP client, toast sinks, router.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { unstableSetRender } from 'antd-mobile';
import { AppProvider } from '@/app/provider';
import { createRouter } from '@/app/router';
import { paths } from '@/config/paths';
import { preloadShell } from '@/components/layouts/shells';
import { registerSessionHooks } from '@/lib/api-client';
import { applyMobileViewport, isMobileDevice } from '@/lib/device';
import { currentPathname, registerNavigator } from '@/lib/navigation';
import { useSession } from '@/stores/session';

// antd-mobile pop-ups (Toast, Dialog) render through this on React 19.
unstableSetRender((node, container) => {
  const c = container as Element & { _reactRoot?: ReturnType<typeof createRoot> };
  c._reactRoot ??= createRoot(container);
  c._reactRoot.render(node);
  return async () => {
    await Promise.resolve();
    c._reactRoot?.unmount();
    delete c._reactRoot;
  };
});

if (isMobileDevice()) {
  applyMobileViewport();
  // A phone opening `/` goes to the H5 home (spec 2) before the router starts, so the desktop home
  // and its shell are never fetched; the home route's loader keeps the rule for in-app navigation.
  if (currentPathname() === paths.home) window.history.replaceState(null, '', `#${paths.mobile.home}`);
}

registerSessionHooks({
  onUnauthorized: () => useSession.getState().dropToken(),
  onForbidden: () => useSession.getState().clear(),
});

// Fetch the shell in parallel with the route's page rather than after the first render.
preloadShell(currentPathname());
const router = createRouter();
registerNavigator((to, options) => void router.navigate(to, options));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
