/**
 * `safeRedirect` never leaves the app: for any input, the answer is the fallback or an in-app path
 * that the browser resolves on the portal's own origin (no `//host`, no scheme, no backslash or
 * stripped-character tricks), and a plain in-app path is kept as given.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './use-complete-login';

const ORIGIN = 'https://portal.example.edu.cn';
const FALLBACK = '/home';

/** Where the browser would go for `target` on a page of the portal. */
const resolved = (target: string) => new URL(target, `${ORIGIN}/#/login`);

/** Pieces attackers combine: separators, schemes, characters the URL parser drops or rewrites. */
const piece = fc.constantFrom(
  '/',
  '//',
  '\\',
  '/\\',
  '\\/',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u001f',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '%2f',
  '%5c',
  '%09',
  ':',
  '@',
  '?',
  '#',
  '.',
  '..',
  'javascript:',
  'data:',
  'http:',
  'https:',
  'evil.example',
  'user',
  'digitalBook',
);
/** The few characters that decide where a path-looking string leads, densely combined. */
const separator = fc.constantFrom('/', '\\', '\t', '\n', '\r', ' ', '\u0000', '%2f', ':', '@', 'evil.example');
const dense = fc.array(separator, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));
const tricky = fc.array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 8 }).map((parts) => parts.join(''));
const anyInput = fc.oneof(
  { weight: 5, arbitrary: dense },
  { weight: 2, arbitrary: tricky },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.webUrl() },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
);

describe('safeRedirect', () => {
  it('answers the fallback or a path on the portal’s own origin, for any input', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const out = safeRedirect(input, FALLBACK);
        if (out === FALLBACK) return;
        expect(out.startsWith('/')).toBe(true);
        const url = resolved(out);
        expect(url.origin).toBe(ORIGIN);
        // The hash router reads the path from the fragment: it must be a path there too.
        expect(resolved(`/#${out}`).origin).toBe(ORIGIN);
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps an ordinary in-app route with its query', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.option(segment), (parts, q) => {
        const path = `/${parts.join('/')}${q ? `?keyword=${q}` : ''}`;
        expect(safeRedirect(path, FALLBACK)).toBe(path);
      }),
    );
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '\\\\evil.example',
    ' /digitalBook',
  ])('refuses %j', (input) => {
    expect(safeRedirect(input, FALLBACK)).toBe(FALLBACK);
  });
});
