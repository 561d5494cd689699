/**
 * The anonymous visitor token of the chat (docs/chat.md): issued by the server on the first chat of a
 * browser that is not logged in, kept in localStorage so that the conversation survives reloads, and
 * sent as `X-Chat-Visitor`. The server stores only its hash.
 */
const KEY = 'eav-chat-visitor';

export function loadVisitorToken(): string | null {
  try {
    const v = localStorage.getItem(KEY);
    return v && /^[\w-]{43}$/.test(v) ? v : null;
  } catch {
    return null;
  }
}

export function storeVisitorToken(token: string): void {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    // Private mode without storage: the conversation lasts as long as the page.
  }
}

/** Headers of a chat call: the visitor token when the browser has one. */
export function visitorHeaders(): Record<string, string> {
  const token = loadVisitorToken();
  return token ? { 'X-Chat-Visitor': token } : {};
}
