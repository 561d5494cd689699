/**
 * Navigation usable outside React (the HTTP client's 403 rule). The app registers the router's
 * navigate function at start; navigating to the current location is a no-op, which is how
 * duplicate navigations are swallowed (docs/product.md §8).
 */
type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigator: NavigateFn | undefined;

export function registerNavigator(fn: NavigateFn): void {
  navigator = fn;
}

/** Current route path + search of the hash router, e.g. `/detail?id=3`. */
export function currentFullPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash || '/';
}

/** Current route path without search. */
export function currentPathname(): string {
  return currentFullPath().split('?')[0] || '/';
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  if (to === currentFullPath()) return;
  if (navigator) navigator(to, options);
  else if (options?.replace) window.location.replace(`#${to}`);
  else window.location.hash = to;
}
