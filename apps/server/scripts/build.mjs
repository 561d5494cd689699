// Bundles the server into dist/main.js with esbuild. Workspace packages (@eav/contract, TypeScript
// source) are inlined; every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@eav/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    'import-textbooks': 'src/cli/import-textbooks.ts',
    'generate-codes': 'src/cli/generate-codes.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
