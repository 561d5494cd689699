/**
 * EAV-Sign request signing (docs/api.md, Signing).
 *
 * The signature is lowercase hex HMAC-SHA256 over six LF-joined fields:
 * METHOD, PATH, QUERY, BODY, TOKEN, TIMESTAMP. It is tamper and replay friction, never
 * authentication: the secret ships inside the web client.
 *
 * Pure and synchronous so that the browser (axios interceptor), the server (verification hook)
 * and the tests share one implementation.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Header names (docs/api.md, Signing). */
export const SIGN_HEADERS = {
  timestamp: 'EAV-Timestamp',
  sign: 'EAV-Sign',
  userId: 'EAV-UserId',
} as const;

/** Maximum allowed distance between the client's timestamp and the server clock (ms). */
export const SIGN_MAX_SKEW_MS = 300_000;

/** Query parameter value as the signer accepts it; arrays sign every element. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface SignInput {
  /** HTTP method, any case. */
  method: string;
  /**
   * The request target as sent: a path, or an absolute URL (its scheme and host are dropped); a query
   * part is ignored. Signed as `canonicalPath(path)`.
   */
  path: string;
  /** Query parameters; entries with an empty value are left out, as the client never sends them. */
  query?: Record<string, QueryValue> | URLSearchParams | undefined;
  /** The exact JSON string sent on the wire, or '' for form data, multipart or no body. */
  body?: string | undefined;
  /** Bearer token without the `Bearer ` prefix, or '' / undefined when logged out. */
  token?: string | null | undefined;
  /** Milliseconds since the Unix epoch, as sent in `EAV-Timestamp`. */
  timestamp: number | string;
}

/** A request target split as the server's router splits it (docs/api.md, Signing). */
export interface RequestTarget {
  /** `canonicalPath` of the target. */
  path: string;
  /** The raw query string (still percent-encoded), without its leading `?`; '' when absent. */
  query: string;
}

/** Scheme and authority of an absolute-form target (`http://host:port`), as the router drops them. */
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/**
 * Decodes every run of `%XX` escapes that is valid UTF-8, leaving malformed ones as they are: a
 * request carrying those is refused by the router before any check, and the browser client must
 * not throw on them.
 */
function percentDecode(path: string): string {
  // Most paths carry no escape: skip the regular expression on every signed request.
  if (!path.includes('%')) return path;
  return path.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * Splits a request target (`/p?q`, or the absolute form `http://host/p?q` that HTTP/1.1 allows in a
 * request line) the way the server routes it: scheme and host dropped, the path ends at the first
 * `?` or `#`, the rest is the query. The path is returned canonical, see `canonicalPath`.
 */
export function splitRequestTarget(target: string): RequestTarget {
  let rest = target;
  if (!rest.startsWith('/')) {
    const origin = ABSOLUTE_FORM.exec(rest);
    if (origin) {
      rest = rest.slice(origin[0].length);
      if (!rest.startsWith('/')) rest = `/${rest}`;
    }
  }
  const end = rest.search(/[?#]/);
  const rawPath = end === -1 ? rest : rest.slice(0, end);
  const query = end === -1 ? '' : rest.slice(end + 1);
  const decoded = percentDecode(rawPath);
  const path = decoded.startsWith('/prize/api/') ? decoded.slice('/prize'.length) : decoded;
  return { path, query };
}

/**
 * The PATH field of EAV-Sign (docs/api.md, Signing): the request path as routing sees it, so that
 * every spelling of one route signs alike. Scheme and host are removed (absolute-form request
 * lines), the query (from the first `?` or `#`) is dropped, percent escapes are decoded
 * (`/%61pi/v1` is `/api/v1`), and a leading `/prize/api/` becomes `/api/`.
 * Decoding is not idempotent (`%2561` → `%61` → `a`): apply it once, to the target as sent.
 */
export function canonicalPath(target: string): string {
  return splitRequestTarget(target).path;
}

const SURROGATE = /[\uD800-\uDFFF]/;

function compareCodePoints(a: string, b: string): number {
  // Without surrogates, UTF-16 unit order is code-point order: compare the strings as they are
  // (the common case, and no array per comparison).
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  // Code-point order, not UTF-16 unit order: compare by iterating code points.
  const ca = Array.from(a);
  const cb = Array.from(b);
  const n = Math.min(ca.length, cb.length);
  for (let i = 0; i < n; i++) {
    const x = ca[i]!.codePointAt(0)!;
    const y = cb[i]!.codePointAt(0)!;
    if (x !== y) return x - y;
  }
  return ca.length - cb.length;
}

/** `s` with every lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, for older browsers). */
function wellFormed(s: string): string {
  if (!SURROGATE.test(s)) return s;
  return s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (m) => (m.length === 2 ? m : '\uFFFD'));
}

/**
 * Canonical QUERY field: non-empty parameters sorted by key then value (code-point order),
 * each `encodeURIComponent(key)=encodeURIComponent(value)`, joined by `&`.
 */
export function canonicalQuery(query: SignInput['query']): string {
  if (!query) return '';
  const pairs: [string, string][] = [];
  const push = (k: string, v: unknown) => {
    if (v === undefined || v === null) return;
    const s = String(v);
    if (s === '') return;
    // A lone surrogate cannot be percent-encoded; the URL serialiser sends it as U+FFFD, so sign that.
    pairs.push([wellFormed(k), wellFormed(s)]);
  };
  if (query instanceof URLSearchParams) {
    query.forEach((v, k) => push(k, v));
  } else {
    for (const [k, v] of Object.entries(query)) {
      if (Array.isArray(v)) v.forEach((item) => push(k, item));
      else push(k, v);
    }
  }
  pairs.sort((a, b) => compareCodePoints(a[0], b[0]) || compareCodePoints(a[1], b[1]));
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** The six-line canonical string that is signed (docs/api.md, Signing). */
export function canonicalString(input: SignInput): string {
  return [
    input.method.toUpperCase(),
    canonicalPath(input.path),
    canonicalQuery(input.query),
    input.body ?? '',
    input.token ?? '',
    String(input.timestamp),
  ].join('\n');
}

/** HMAC-SHA256 of the UTF-8 bytes of `message` under the UTF-8 bytes of `key`, as lowercase hex. */
export type HmacSha256Hex = (key: string, message: string) => string;

/** The portable HMAC (@noble/hashes): browsers and any JavaScript runtime. */
export const hmacSha256Hex: HmacSha256Hex = (key, message) =>
  bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));

/**
 * EAV-Sign value: lowercase hex HMAC-SHA256(secret, canonical string). `mac` computes the HMAC: the
 * portable one by default; Node.js callers pass node:crypto's, several times faster, with the same
 * result.
 */
export function signRequest(input: SignInput, secret: string, mac: HmacSha256Hex = hmacSha256Hex): string {
  return mac(secret, canonicalString(input));
}

/** Constant-time comparison of two hex signatures (same length check leaks only the length). */
export function signaturesEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
