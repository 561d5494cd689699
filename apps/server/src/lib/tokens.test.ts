import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './tokens';

describe('sha256Hex', () => {
  it('is the SHA-256 of the UTF-8 bytes, as a Hash object gives it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (value) => {
        expect(sha256Hex(value)).toBe(createHash('sha256').update(value, 'utf8').digest('hex'));
      }),
    );
  });

  it('matches the FIPS 180-2 test vector', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
