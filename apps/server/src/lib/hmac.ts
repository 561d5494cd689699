/**
 * HMAC-SHA256 through node:crypto (OpenSSL) for the request signature (docs/api.md, Signing): the
 * same value as the contract's portable HMAC, at a fraction of its cost on every signed request.
 *
 * HMAC is computed as RFC 2104 defines it, H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)), with node:crypto's
 * one-shot `hash`: `createHmac` builds an OpenSSL MAC context per call, which measured as the largest
 * single cost of a cached signed read on the server (docs/benchmarks.md, Foundation), while two
 * one-shot digests over precomputed pads need no context at all. hmac.test.ts checks every value
 * against `createHmac` and the contract's portable HMAC.
 */
import { createHash, createHmac, hash } from 'node:crypto';
import type { HmacSha256Hex } from '@eav/contract';

/** SHA-256 block size in bytes (FIPS 180-4). */
const BLOCK = 64;
/** SHA-256 digest size in bytes. */
const DIGEST = 32;
/** Longest message signed through the reusable buffer; longer ones (large JSON bodies) use createHmac. */
const MAX_BUFFERED_MESSAGE = 64 * 1024;

interface Pads {
  /** K ⊕ 0x36 repeated, followed by room for the message. */
  inner: Buffer;
  /** K ⊕ 0x5c repeated, followed by room for the inner digest. */
  outer: Buffer;
}

// The signing secret is one string for the life of the process: derive its pads once. Bounded, as
// tests and tools may sign with several secrets.
const padsBySecret = new Map<string, Pads>();
const MAX_KEYS = 16;

function padsOf(secret: string): Pads {
  let pads = padsBySecret.get(secret);
  if (!pads) {
    if (padsBySecret.size >= MAX_KEYS) padsBySecret.clear();
    let key = Buffer.from(secret, 'utf8');
    // RFC 2104 §2: a key longer than the block is hashed first.
    if (key.length > BLOCK) key = createHash('sha256').update(key).digest();
    const inner = Buffer.alloc(BLOCK + MAX_BUFFERED_MESSAGE);
    const outer = Buffer.alloc(BLOCK + DIGEST);
    for (let i = 0; i < BLOCK; i++) {
      const k = key[i] ?? 0;
      inner[i] = k ^ 0x36;
      outer[i] = k ^ 0x5c;
    }
    pads = { inner, outer };
    padsBySecret.set(secret, pads);
  }
  return pads;
}

/** Lowercase hex HMAC-SHA256 of the UTF-8 `message` under the UTF-8 `key`. */
export const nodeHmacSha256Hex: HmacSha256Hex = (key, message) => {
  // UTF-8 takes at most 3 bytes per UTF-16 unit: shorter strings always fit the buffer.
  if (message.length * 3 > MAX_BUFFERED_MESSAGE) return createHmac('sha256', key).update(message, 'utf8').digest('hex');
  const { inner, outer } = padsOf(key);
  // Synchronous from write to digest: no other call can reuse the buffers in between.
  const n = inner.write(message, BLOCK, 'utf8');
  hash('sha256', inner.subarray(0, BLOCK + n), 'buffer').copy(outer, BLOCK);
  return hash('sha256', outer, 'hex');
};
