/**
 * Properties of the EAV-Sign signer (docs/api.md, Signing): the canonical query the client sends
 * parses back, through URLSearchParams as the server parses it, to the same canonical query; and
 * any single change of what is signed changes the signature.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalQuery, signRequest, splitRequestTarget, type SignInput } from './sign';

const SECRET = 'property-secret';

/** One character, biased towards those that URL encoding and query parsing treat specially. */
const char = fc.oneof(
  fc.constantFrom('&', '=', '+', '%', '?', '#', ' ', '/', ';', '中', '😀', '\uffff', '\n', '%2B', '%zz'),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);
const text = (minLength = 0) => fc.string({ unit: char, minLength, maxLength: 8 });
const value = fc.oneof(text(), fc.integer(), fc.boolean());
const params = fc.dictionary(text(), fc.oneof(value, fc.array(value, { maxLength: 3 })), { maxKeys: 6 });

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'] as const;
const segment = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'),
  minLength: 1,
  maxLength: 8,
});
const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => `/api/${s.join('/')}`);

/** Signed inputs with non-empty query values, so that every change of a value is visible. */
const input = fc.record({
  method: fc.constantFrom(...METHODS),
  path,
  query: fc.dictionary(text(1), text(1), { maxKeys: 5 }),
  body: text(),
  token: fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
  timestamp: fc.integer({ min: 0, max: 4_102_444_800_000 }),
});
type Input = Omit<SignInput, 'query'> & { query: Record<string, string>; timestamp: number };

/** One change of one signed field of `x`, always to a different value. */
const changed = (x: Input): fc.Arbitrary<Input> =>
  fc.oneof(
    fc.constantFrom(...METHODS.filter((m) => m !== x.method)).map((method) => ({ ...x, method })),
    segment.map((s) => ({ ...x, path: `${x.path}/${s}` })),
    fc.nat({ max: 20 }).map((i) => {
      const segments = x.path.slice(1).split('/');
      return { ...x, path: `/${segments.map((s, j) => (j === i % segments.length ? `${s}x` : s)).join('/')}` };
    }),
    text(1)
      .filter((k) => !Object.hasOwn(x.query, k))
      .chain((k) => text(1).map((v) => ({ ...x, query: { ...x.query, [k]: v } }))),
    ...(Object.keys(x.query).length === 0
      ? []
      : [
          fc.constantFrom(...Object.keys(x.query)).chain((k) =>
            fc.oneof(
              // a different value
              text(1)
                .filter((v) => v !== x.query[k])
                .map((v) => ({ ...x, query: { ...x.query, [k]: v } })),
              // another key for the same value
              text(1)
                .filter((k2) => !Object.hasOwn(x.query, k2))
                .map((k2) => {
                  const { [k]: v, ...others } = x.query;
                  return { ...x, query: { ...others, [k2]: v! } };
                }),
              // the parameter left out
              fc.constant(Object.fromEntries(Object.entries(x.query).filter(([key]) => key !== k))).map((query) => ({
                ...x,
                query,
              })),
            ),
          ),
        ]),
    text()
      .filter((b) => b !== x.body)
      .map((body) => ({ ...x, body })),
    fc
      .string({ unit: 'grapheme-ascii', maxLength: 20 })
      .filter((t) => t !== x.token)
      .map((token) => ({ ...x, token })),
    fc
      .integer({ min: 1, max: 1_000_000 })
      .chain((d) => fc.constantFrom(x.timestamp + d, x.timestamp - d))
      .map((timestamp) => ({ ...x, timestamp })),
  );

describe('EAV-Sign properties', () => {
  it('round-trips any parameters through URLSearchParams to the same canonical query', () => {
    fc.assert(
      fc.property(params, (p) => {
        const sent = canonicalQuery(p);
        // The server parses the raw query of the request target with URLSearchParams.
        const received = new URLSearchParams(splitRequestTarget(`/api/v1/x?${sent}`).query);
        expect(canonicalQuery(received)).toBe(sent);
      }),
      { numRuns: 500 },
    );
  });

  it('alters the signature on any single change of method, path, query, body, token or timestamp', () => {
    fc.assert(
      fc.property(
        input.chain((x) => changed(x).map((y) => [x, y] as const)),
        ([x, y]) => {
          expect(signRequest(y, SECRET)).not.toBe(signRequest(x, SECRET));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('signs a percent-encoded spelling of a path like the path itself', () => {
    fc.assert(
      fc.property(input, fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }), (x, pick) => {
        // Escape some characters of the path (never the slashes, which the router keeps apart).
        const encoded = Array.from(x.path)
          .map((c, i) =>
            c !== '/' && pick[i % pick.length] ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : c,
          )
          .join('');
        expect(signRequest({ ...x, path: encoded }, SECRET)).toBe(signRequest(x, SECRET));
      }),
      { numRuns: 200 },
    );
  });

  it('orders parameters by key, then value, in code-point order (docs/api.md, Signing)', () => {
    // The reference: compare arrays of code points. Characters above U+FFFF (surrogate pairs in
    // UTF-16) sort after U+E000-U+FFFF here, where plain string comparison would put them before.
    const codePoints = (s: string) => Array.from(s, (c) => c.codePointAt(0)!);
    const byCodePoints = (a: string, b: string) => {
      const x = codePoints(a);
      const y = codePoints(b);
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
      return x.length - y.length;
    };
    const wide = fc.string({
      unit: fc.oneof(
        fc.constantFrom('a', 'b', '\ue000', '\uffff', '\u{10000}', '😀'),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      ),
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(wide, wide), { maxLength: 6 }), (pairs) => {
        const query = new URLSearchParams(pairs);
        const expected = [...pairs]
          .sort((a, b) => byCodePoints(a[0], b[0]) || byCodePoints(a[1], b[1]))
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
          .join('&');
        expect(canonicalQuery(query)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
