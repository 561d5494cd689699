/**
 * While mounted, the page sends no referrer (docs/identity.md, Route guards): pages that hold
 * tickets, codes or bind tickets in their address add `<meta name="referrer" content="no-referrer">`
 * on top of the server's Referrer-Policy, so no link or image they show can pass the address on.
 */
import { useEffect } from 'react';

let holders = 0;
let meta: HTMLMetaElement | null = null;

export function useNoReferrer(active = true): void {
  useEffect(() => {
    if (!active) return;
    holders += 1;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'referrer';
      meta.content = 'no-referrer';
      meta.dataset.identity = 'true';
      document.head.appendChild(meta);
    }
    return () => {
      holders -= 1;
      if (holders === 0 && meta) {
        meta.remove();
        meta = null;
      }
    };
  }, [active]);
}
