/**
 * HMAC-SHA256 through node:crypto (OpenSSL) for the request signature (docs/api.md, Signing): the
 * same value as the contract's portable HMAC, computed natively on every signed request. A crypto
 * primitive is not hand-assembled here: `createHmac` is the one implementation.
 */
import { createHmac } from 'node:crypto';
import type { HmacSha256Hex } from '@eav/contract';

/** Lowercase hex HMAC-SHA256 of the UTF-8 `message` under the UTF-8 `key`. */
export const nodeHmacSha256Hex: HmacSha256Hex = (key, message) =>
  createHmac('sha256', key).update(message, 'utf8').digest('hex');
