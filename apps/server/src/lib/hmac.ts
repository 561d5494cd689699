/**
 * HMAC-SHA256 through node:crypto (OpenSSL) for the request signature (docs/api.md, Signing): the
 * same value as the contract's portable HMAC, at a fraction of its cost on every signed request.
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { HmacSha256Hex } from '@eav/contract';

// The signing secret is one string for the life of the process: import it as a key once instead of
// on every request (a few of the few dozen microseconds a signed read costs). Bounded, as tests
// and tools may sign with several secrets.
const keys = new Map<string, KeyObject>();
const MAX_KEYS = 16;

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** Lowercase hex HMAC-SHA256 of the UTF-8 `message` under the UTF-8 `key`. */
export const nodeHmacSha256Hex: HmacSha256Hex = (key, message) =>
  createHmac('sha256', keyOf(key)).update(message, 'utf8').digest('hex');
