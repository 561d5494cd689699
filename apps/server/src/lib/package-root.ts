/**
 * Locates the server package root (the folder of apps/server/package.json) from this module,
 * so that migrations and assets resolve the same from `src/` (tsx) and from the `dist/` bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function serverRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === '@eav/server') return (cached = dir);
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server/package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

/** Repository root (two levels above the server package). */
export function repoRoot(): string {
  return path.resolve(serverRoot(), '..', '..');
}
