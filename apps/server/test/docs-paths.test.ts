/**
 * The repository paths that README.md and docs/ARCHITECTURE.md name in backticks exist. The
 * architecture document names paths relative to the folder it is describing (`src/lib/` of
 * apps/server, `client.ts` of its src/db/), so a path counts as found when it exists from the
 * repository root or ends a path of the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../..');
const DOCS = ['README.md', 'docs/ARCHITECTURE.md'];

/** Folders that hold installed, generated or run-time files, not the repository's own. */
const NOT_SOURCE = new Set(['node_modules', '.git', 'dist', 'coverage', 'test-results', 'playwright-report', '.out']);

/** Paths a running server or the build (besides `dist/` folders) creates: never in a clean checkout. */
const GENERATED = new Set(['apps/server/data', 'shell-preload.json']);

/** Every file and folder of the repository, relative to its root, folders without a trailing slash. */
function repositoryPaths(): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(REPO, rel), { withFileTypes: true })) {
      if (NOT_SOURCE.has(entry.name)) continue;
      const p = rel ? `${rel}/${entry.name}` : entry.name;
      out.push(p);
      if (entry.isDirectory()) walk(p);
    }
  };
  walk('');
  return out;
}

/** Backticked words that look like a repository path: a slash or a file extension, no URL or pattern. */
function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const [, word] of markdown.matchAll(/`([^`\s]+)`/g)) {
    const p = word!.replace(/^\.\//, '');
    if (!/^[\w.-]+(\/[\w.-]+)*\/?$/.test(p)) continue; // URLs (/api/…), globs, placeholders, packages
    if (!word!.includes('/') && !/\.(ts|tsx|js|mjs|cjs|json|md|jsonl|sql|css|html|conf|yml|yaml)$/.test(p)) continue;
    if (/^[A-Z][A-Z0-9_]+\//.test(p)) continue; // under an environment variable: DATA_DIR/pgdata
    found.add(p.replace(/\/$/, ''));
  }
  return [...found];
}

describe('paths named in the docs', () => {
  const all = repositoryPaths();
  const exists = (p: string) =>
    fs.existsSync(path.join(REPO, p)) ||
    all.some((q) => q.endsWith(`/${p}`)) ||
    GENERATED.has(p) ||
    p.split('/').includes('dist');

  for (const doc of DOCS)
    it(`${doc} names only paths that exist`, () => {
      const named = namedPaths(fs.readFileSync(path.join(REPO, doc), 'utf8'));
      expect(named.length).toBeGreaterThan(5);
      expect(named.filter((p) => !exists(p))).toEqual([]);
    });

  it('recognises paths and leaves other code words alone', () => {
    expect(
      namedPaths('`src/lib/` `client.ts` `./data` `/api/v1/x` `npm start` `@eav/contract` `DATA_DIR/pgdata` `a`'),
    ).toEqual(['src/lib', 'client.ts', 'data']);
  });
});
