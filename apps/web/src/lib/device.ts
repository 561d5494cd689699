/**
 * Device detection and the mobile viewport (docs/product.md §2, Shell: mobile devices get a fixed
 * 375 px-wide viewport scaled to the screen).
 */
import { isMobileUserAgent, MOBILE_LAYOUT_WIDTH } from '@eav/contract';

/** Whether this browser is a phone's or a tablet's (the contract's rule, shared with the server). */
export function isMobileDevice(userAgent: string = navigator.userAgent): boolean {
  return isMobileUserAgent(userAgent);
}

/**
 * Sets `<meta name=viewport>` to a 375 px layout that the browser scales to the screen width. Zoom
 * stays allowed (WCAG 2.2 SC 1.4.4 Resize Text).
 */
export function applyMobileViewport(doc: Document = document): void {
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'viewport';
    doc.head.appendChild(meta);
  }
  meta.content = `width=${MOBILE_LAYOUT_WIDTH}, viewport-fit=cover`;
}
