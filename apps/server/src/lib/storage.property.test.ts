/**
 * The storage key guard: for any data directory and any key (`..`, absolute paths, backslashes,
 * encoded dots, NUL, unicode), the local adapter's `resolve` answers null or a path strictly inside
 * the data directory, exactly where the key resolves to, and only for a key every adapter accepts
 * (`validKey`), so ordinary keys keep working and no key names a file on one store only.
 */
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocalDiskStorage, validKey } from './storage';

const storagePath = (dir: string, k: string) => new LocalDiskStorage(dir).resolve(k);

/** Whether `p` lies strictly below `root` (never `root` itself, never beside or above it). */
function strictlyInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel !== '' && !path.isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${path.sep}`);
}

const name = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,11}$/).filter((s) => s !== '..');
/** Key pieces that move around a file system or confuse a naive prefix check. */
const piece = fc.oneof(
  { weight: 3, arbitrary: name },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '..',
      '.',
      '',
      '/',
      '\\',
      '..\\..',
      '%2e%2e',
      '...',
      '\u0000',
      '~',
      '/etc',
      'passwd',
      '数据',
      'data-evil',
      'data',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);
const key = fc.oneof(
  fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('/')),
  fc.array(piece, { maxLength: 8 }).map((parts) => `/${parts.join('/')}`),
  fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
/** Absolute and relative data directories, including `/` and ones that share a prefix with keys. */
const dataDir = fc.oneof(
  fc.array(name, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
  fc.array(name, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/')),
  fc.constantFrom('/', '/srv/data', '/srv/data/', './data', 'data', '/tmp/eav data'),
);

describe('LocalDiskStorage.resolve', () => {
  it('never resolves outside the data directory, for any key', () => {
    fc.assert(
      fc.property(dataDir, key, (dir, k) => {
        const abs = storagePath(dir, k);
        if (abs === null) return;
        const root = path.resolve(dir);
        expect(strictlyInside(root, abs)).toBe(true);
        expect(abs).toBe(path.resolve(root, k));
        expect(validKey(k)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  // `/` as the data directory refuses every key (root + separator is `//`): closed, and not a setting to use.
  it('resolves ordinary keys below the data directory', () => {
    fc.assert(
      fc.property(
        dataDir.filter((d) => path.resolve(d) !== path.sep),
        fc.array(name, { minLength: 1, maxLength: 5 }),
        (dir, parts) => {
          expect(storagePath(dir, parts.join('/'))).toBe(path.join(path.resolve(dir), ...parts));
        },
      ),
    );
  });

  it('refuses a sibling directory that shares the data directory’s name as a prefix', () => {
    expect(storagePath('/srv/data', '../data-evil/x.pdf')).toBeNull();
    expect(storagePath('/srv/data', '../data')).toBeNull();
    expect(storagePath('/srv/data', '/srv/data-evil/x.pdf')).toBeNull();
  });

  it('refuses keys with dot segments, empty segments, backslashes or control characters', () => {
    for (const bad of ['', 'a//b', '/a', 'a/', 'a/./b', 'a/../b', 'a\\b', 'a\u0000b', 'a\nb', 'x'.repeat(1025)])
      expect(validKey(bad), JSON.stringify(bad)).toBe(false);
    expect(validKey('resources/2026/11/0b8e.pdf')).toBe(true);
    expect(validKey('textbooks/数学 七年级.pdf')).toBe(true);
  });
});
