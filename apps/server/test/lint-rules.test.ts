/**
 * The repository's own lint rules (eslint.config.js), proved by deliberate violations: small source
 * trees laid out like the apps in a temporary folder beside a copy of the configuration and its
 * import resolver, linted with ESLint's Node API. Each violation must be reported by its rule, and
 * the allowed way of doing the same thing must pass.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../..');

/** Fixture sources by path relative to the temporary repository root. */
const FIXTURES: Record<string, string> = {
  // A server feature: its index.ts is the public surface, a.ts its inside.
  'apps/server/src/features/alpha/index.ts': "export { a } from './a';\n",
  'apps/server/src/features/alpha/a.ts': 'export const a = 1;\n',
  // Core code reaching into a feature's inside, and the allowed way through its index.ts.
  'apps/server/src/app.ts': "import { a } from './features/alpha/a';\n\nexport const fromApp = a;\n",
  'apps/server/src/seed/index.ts': "import { a } from '../features/alpha';\n\nexport const fromSeed = a;\n",
  // Another feature reaching into alpha's inside, or importing its index.ts (a type too): features never
  // import each other, app.ts passes what one needs of another as plugin options.
  'apps/server/src/features/beta/index.ts': "import { a } from '../alpha/a';\n\nexport const fromBeta = a;\n",
  'apps/server/src/features/gamma/index.ts': "import { a } from '../alpha';\n\nexport const fromGamma = a;\n",
  'apps/server/src/features/gamma/types.ts':
    "import type { a } from '../alpha';\n\nexport type FromGamma = typeof a;\n",
  // A feature's own files, from its index.ts and from a subfolder, and core code: all allowed.
  'apps/server/src/features/delta/index.ts':
    "import { d } from './d';\nimport { s } from './sub/s';\nimport { core } from '../../lib/core';\n\nexport const fromDelta = d + s + core;\n",
  'apps/server/src/features/delta/d.ts': 'export const d = 1;\n',
  'apps/server/src/features/delta/sub/s.ts': "import { d } from '../d';\n\nexport const s = d;\n",
  'apps/server/src/lib/core.ts': 'export const core = 1;\n',
  // A static cycle in the web app.
  'apps/web/src/lib/one.ts': "import { two } from './two';\n\nexport const one = (): number => two() + 1;\n",
  'apps/web/src/lib/two.ts': "import { one } from './one';\n\nexport const two = (): number => (one ? 2 : 0);\n",
  // A cycle closed by a lazy import is still a cycle.
  'apps/server/src/lib/p.ts': "import { q } from './q';\n\nexport const p = (): number => q;\n",
  'apps/server/src/lib/q.ts': "export const q = 1;\n\nexport const lazyP = () => import('./p');\n",
  // A cycle made of type-only imports is erased at build time.
  'packages/contract/src/t1.ts': "import type { T2 } from './t2';\n\nexport interface T1 {\n  next: T2 | null;\n}\n",
  'packages/contract/src/t2.ts': "import type { T1 } from './t1';\n\nexport interface T2 {\n  next: T1 | null;\n}\n",
  // Disable comments must say why.
  'packages/contract/src/no-reason.ts':
    '// eslint-disable-next-line no-control-regex\nexport const CONTROL = /[\\u0000-\\u001f]/;\n',
  'packages/contract/src/with-reason.ts':
    '// eslint-disable-next-line no-control-regex -- control characters are what this finds\nexport const CONTROL = /[\\u0000-\\u001f]/;\n',
};

let root: string;
/** Rule ids reported per fixture path. */
const reported = new Map<string, string[]>();
/** Messages reported per fixture path. */
const messages = new Map<string, string[]>();

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-lint-rules-'));
  for (const f of ['eslint.config.js', 'eslint-resolver.cjs']) fs.copyFileSync(path.join(REPO, f), path.join(root, f));
  // The copied configuration loads its plugins from here.
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(FIXTURES)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  const results = await new ESLint({ cwd: root }).lintFiles(Object.keys(FIXTURES));
  for (const r of results) {
    const file = path.relative(root, r.filePath).split(path.sep).join('/');
    reported.set(
      file,
      r.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`),
    );
    messages.set(
      file,
      r.messages.map((m) => m.message),
    );
  }
}, 60_000);

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const rulesOf = (file: string) => reported.get(file) ?? [];
const messagesOf = (file: string) => messages.get(file) ?? [];

describe('lint rules of the repository', () => {
  it('lints every fixture', () => {
    expect([...reported.keys()].sort()).toEqual(Object.keys(FIXTURES).sort());
  });

  it('refuses core code that reaches into a feature, and allows its index.ts', () => {
    expect(rulesOf('apps/server/src/app.ts')).toEqual(['boundaries/element-types']);
    expect(rulesOf('apps/server/src/seed/index.ts')).toEqual([]);
  });

  it('refuses a feature that imports another feature, its index.ts included, and allows its own files and core code', () => {
    expect(rulesOf('apps/server/src/features/beta/index.ts')).toEqual(['boundaries/element-types']);
    expect(rulesOf('apps/server/src/features/gamma/index.ts')).toEqual(['boundaries/element-types']);
    expect(rulesOf('apps/server/src/features/gamma/types.ts')).toEqual(['boundaries/element-types']);
    expect(messagesOf('apps/server/src/features/gamma/index.ts')[0]).toMatch(
      /must not import feature "alpha".*plugin options/,
    );
    for (const f of ['index.ts', 'd.ts', 'sub/s.ts'])
      expect(rulesOf(`apps/server/src/features/delta/${f}`), f).toEqual([]);
  });

  it('refuses import cycles, lazy ones included, on both ends', () => {
    for (const f of ['apps/web/src/lib/one.ts', 'apps/web/src/lib/two.ts', 'apps/server/src/lib/p.ts'])
      expect(rulesOf(f), f).toEqual(['import-x/no-cycle']);
    // q.ts closes its cycle with import(): reported there too.
    expect(rulesOf('apps/server/src/lib/q.ts')).toEqual(['import-x/no-cycle']);
  });

  it('allows a cycle of type-only imports', () => {
    expect(rulesOf('packages/contract/src/t1.ts')).toEqual([]);
    expect(rulesOf('packages/contract/src/t2.ts')).toEqual([]);
  });

  it('refuses an eslint-disable comment without a reason', () => {
    expect(rulesOf('packages/contract/src/no-reason.ts')).toEqual([
      '@eslint-community/eslint-comments/require-description',
    ]);
    expect(rulesOf('packages/contract/src/with-reason.ts')).toEqual([]);
  });
});
