import { hmacSha256Hex, signRequest } from '@eav/contract';
import { createHmac } from 'node:crypto';
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

describe('nodeHmacSha256Hex against node:crypto', () => {
  it('equals createHmac for keys around the block size and messages around the buffer size', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 100 }), fc.string({ minLength: 60, maxLength: 70 })),
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.integer({ min: 21_800, max: 22_000 }).map((n) => '中'.repeat(n)),
          fc.integer({ min: 65_500, max: 66_000 }).map((n) => 'a'.repeat(n)),
        ),
        (key, message) => {
          expect(nodeHmacSha256Hex(key, message)).toBe(createHmac('sha256', key).update(message, 'utf8').digest('hex'));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps each key apart when several alternate', () => {
    const keys = Array.from({ length: 20 }, (_, i) => `key-${i}`);
    for (let round = 0; round < 2; round++)
      for (const key of keys)
        expect(nodeHmacSha256Hex(key, 'message')).toBe(createHmac('sha256', key).update('message').digest('hex'));
  });
});
