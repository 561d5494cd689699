/**
 * Makes the scrolling body of the drawer around `ref` reachable by keyboard (WCAG 2.1.1; axe
 * `scrollable-region-focusable`): antd's drawer body scrolls but takes no focus of its own.
 */
import { useEffect, type RefObject } from 'react';

export function useFocusableDrawerBody(ref: RefObject<HTMLElement | null>, label: string): void {
  useEffect(() => {
    const body = ref.current?.closest('.ant-drawer-body');
    if (!body) return;
    body.setAttribute('tabindex', '0');
    body.setAttribute('role', 'region');
    body.setAttribute('aria-label', label);
  }, [ref, label]);
}
