import { hmacSha256Hex, signRequest } from '@eav/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeHmacSha256Hex } from './hmac';

describe('nodeHmacSha256Hex', () => {
  it('equals the portable HMAC for any key and message, non-ASCII included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (key, message) => {
        expect(nodeHmacSha256Hex(key, message)).toBe(hmacSha256Hex(key, message));
      }),
    );
  });

  it('signs a request exactly as the portable signer does', () => {
    const input = { method: 'GET', path: '/api/v1/textbooks', query: { 学科: '数学', page: '2' }, timestamp: 1 };
    expect(signRequest(input, '密钥', nodeHmacSha256Hex)).toBe(signRequest(input, '密钥'));
  });
});
