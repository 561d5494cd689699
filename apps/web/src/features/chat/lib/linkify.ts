/**
 * Splits a chat message (plain text, docs/chat.md) into text and link segments. Messages are never
 * rendered as HTML: a segment is shown as text, and a link segment becomes an `<a>` only when the
 * caller's rule allows its URL (agents see links of people's messages as links only on the
 * portal's own origin; people see the agents' https links).
 */

export type Segment = { text: string; href?: string };

// http(s) URLs up to whitespace or a CJK/closing punctuation mark.
const URL_RE = /https?:\/\/[^\s<>"'，。！？、；：）》」】]+/gi;

/** Text and link segments of `text`; `allow(url)` decides which URLs become links. */
export function linkify(text: string, allow: (url: URL) => boolean): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const raw = m[0].replace(/[.,;:!?)\]]+$/, '');
    const start = m.index;
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch {
      url = null;
    }
    if (!url || !allow(url)) continue;
    if (start > last) out.push({ text: text.slice(last, start) });
    out.push({ text: raw, href: url.href });
    last = start + raw.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/** Links on the portal's own origin only (visitors' messages shown to agents). */
export const sameOriginOnly = (origin: string) => (url: URL) => url.origin === origin;

/** https links (agents' messages shown to people). */
export const httpsOnly = (url: URL) => url.protocol === 'https:' && url.username === '' && url.password === '';
