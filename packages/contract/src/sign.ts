/**
 * EAV-Sign request signing (contract.md section 3).
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

/** Header names of contract section 3. */
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
  /** Path as sent, without scheme, host and query (a query part, if present, is ignored). */
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

/** Rewrites a leading `/prize/api/` to `/api/` (contract section 3, PATH). */
export function signingPath(path: string): string {
  const bare = path.split('?')[0] ?? '';
  return bare.startsWith('/prize/api/') ? bare.slice('/prize'.length) : bare;
}

function compareCodePoints(a: string, b: string): number {
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
    pairs.push([k, s]);
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

/** The six-line canonical string that is signed. */
export function canonicalString(input: SignInput): string {
  return [
    input.method.toUpperCase(),
    signingPath(input.path),
    canonicalQuery(input.query),
    input.body ?? '',
    input.token ?? '',
    String(input.timestamp),
  ].join('\n');
}

/** EAV-Sign value: lowercase hex HMAC-SHA256(secret, canonical string). */
export function signRequest(input: SignInput, secret: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(canonicalString(input))));
}

/** Constant-time comparison of two hex signatures (same length check leaks only the length). */
export function signaturesEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
