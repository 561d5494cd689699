// Import resolver for eslint-plugin-boundaries (eslint-module-utils interface v2): the web app's
// `@/…` alias (apps/web/tsconfig.json paths), then Node resolution with TypeScript extensions.
// Kept local instead of eslint-import-resolver-typescript, whose per-platform native bindings the
// lock file cannot list completely on the Linux-only registry mirror this project installs from.
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const WEB_SRC = path.join(__dirname, 'apps', 'web', 'src');
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;

/** @returns {{ found: boolean, path?: string | null }} */
exports.resolve = (source, file, config) => {
  const target = source.startsWith('@/') ? path.join(WEB_SRC, source.slice(2)) : source;
  return nodeResolver.resolve(target, file, { extensions: EXTENSIONS, ...config });
};
