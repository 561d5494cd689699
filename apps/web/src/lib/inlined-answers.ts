/**
 * Answers the server put into the page for its first screen (docs/decisions/013-first-paint.md,
 * "First screen"): `<meta name="eav-first-screen" content="{ "/api/path": envelope, … }">`, each
 * envelope exactly as the API would have answered (`{ code, msg, data }`). A query takes its answer
 * once, as its initial data, instead of waiting for a request; every later fetch goes to the
 * network. A page without the tag (the Vite dev server, a failed read on the server) simply makes
 * the requests.
 */
import { OK_CODE } from '@eav/contract';

/** Name of the meta tag (the server's plugins/web.ts writes it). */
export const FIRST_SCREEN_META = 'eav-first-screen';

let answers: Map<string, unknown> | undefined;

/** The successful answers of the page's tag by API path; an unreadable tag counts as none. */
function readAnswers(doc: Document): Map<string, unknown> {
  const map = new Map<string, unknown>();
  const content = doc.querySelector(`meta[name="${FIRST_SCREEN_META}"]`)?.getAttribute('content');
  if (!content) return map;
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed !== 'object' || parsed === null) return map;
    for (const [path, envelope] of Object.entries(parsed as Record<string, unknown>)) {
      const e = envelope as { code?: unknown; data?: unknown } | null;
      if (e && e.code === OK_CODE && e.data !== undefined) map.set(path, e.data);
    }
  } catch {
    // A broken tag costs the saved request, nothing else.
  }
  return map;
}

/**
 * The `data` the page carries for `path` (an `ApiPaths` value without query), or undefined when it
 * carries none or it was taken already: each answer serves one query, once.
 */
export function takeInlinedAnswer<T>(path: string, doc: Document = document): T | undefined {
  answers ??= readAnswers(doc);
  if (!answers.has(path)) return undefined;
  const data = answers.get(path) as T;
  answers.delete(path);
  return data;
}

/** Forgets what was read, so a test can give the document another tag. */
export function resetInlinedAnswers(): void {
  answers = undefined;
}
