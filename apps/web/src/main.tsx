/**
 * Entry: run-time configuration check, mobile viewport, session wiring of the HTTP client, toast
 * sinks, router.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { unstableSetRender } from 'antd-mobile';
import { prefetchFirstScreen } from '@/app/first-screen';
import { AppProvider, queryClient } from '@/app/provider';
import { createRouter } from '@/app/router';
import { paths } from '@/config/paths';
import { runtimeConfig } from '@/config/runtime';
import { preloadShell } from '@/components/layouts/shells';
import { registerSessionHooks } from '@/lib/api-client';
import { applyMobileViewport, isMobileDevice } from '@/lib/device';
import { currentFullPath, currentPathname, registerNavigator } from '@/lib/navigation';
import { useSession } from '@/stores/session';

/**
 * zod without its JIT, set before any chunk loads zod (the entry never does): zod probes
 * `new Function` when it builds an object schema, which the Content-Security-Policy refuses and
 * reports as a violation (docs/decisions/006-content-security-policy.md). zod reads its global
 * configuration from this property, shared by every copy of zod on the page.
 */
const zodConfigKey = '__zod_globalConfig';
const zodGlobal = globalThis as unknown as Record<typeof zodConfigKey, { jitless?: boolean } | undefined>;
zodGlobal[zodConfigKey] = { ...zodGlobal[zodConfigKey], jitless: true };

/**
 * Without the configuration the server writes into index.html no call could be signed: say so on
 * the boot splash instead of starting an app whose every request would fail.
 */
function showConfigError(error: unknown): void {
  console.error('EAV run-time configuration unusable:', error);
  const status = document.querySelector('#root .eav-boot');
  if (!status) return;
  status.setAttribute('role', 'alert');
  status.removeAttribute('aria-label');
  status.querySelector('.eav-boot__bar')?.remove();
  const message = document.createElement('span');
  message.textContent = '页面配置加载失败，请刷新页面重试；如仍无法使用，请联系客服。';
  status.append(message);
}

/**
 * Ends the current task and resumes in a new one, so the browser can paint, handle input and start
 * the fetches already asked for between the boot's steps. A phone runs each step for tens of
 * milliseconds: run as one task they block the page for their sum (Total Blocking Time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
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
    // A phone opening `/` goes to the H5 home (docs/product.md §2) before the router starts, so the desktop home
    // and its shell are never fetched; the home route's loader keeps the rule for in-app navigation.
    if (currentPathname() === paths.home) window.history.replaceState(null, '', `#${paths.mobile.home}`);
  }

  registerSessionHooks({
    onUnauthorized: () => useSession.getState().dropToken(),
    onForbidden: () => useSession.getState().clear(),
    onGuardianRequired: () => useSession.getState().patchUser({ guardianRequired: true }),
  });

  // The first screen's data and the shell load in parallel with the route's page rather than after
  // its first render (docs/decisions/013-first-paint.md).
  prefetchFirstScreen(queryClient, currentFullPath());
  preloadShell(currentPathname());
  // The requests above leave now; building the route table and the first render follow in tasks of their own.
  await nextTask();
  const router = createRouter();
  registerNavigator((to, options) => void router.navigate(to, options));
  await nextTask();

  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser instead of one long task, which a phone
  // would feel as an unresponsive page (Total Blocking Time); the boot splash stays until it commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
}

let configured = false;
try {
  runtimeConfig();
  configured = true;
} catch (error) {
  showConfigError(error);
}
if (configured) void start();
