import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAPER_TYPES } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { DESKTOP_AREAS } from './areas';

/** The paper types of the papers the repository bundles for the paper centre. */
function bundledPaperTypes(): Set<string> {
  const file = path.resolve(import.meta.dirname, '../../../../../data/papers-gaokao-bench.jsonl');
  const types = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n'))
    if (line.trim()) types.add((JSON.parse(line) as { paperType: string }).paperType);
  return types;
}

describe('the home page promises', () => {
  it('names only paper types the paper centre holds', () => {
    const card = DESKTOP_AREAS.find((a) => a.key === 'paperCenter')!;
    const held = bundledPaperTypes();
    expect(held.size).toBeGreaterThan(0);
    const promised = PAPER_TYPES.filter((t) => card.description.includes(t));
    expect(promised.length).toBeGreaterThan(0);
    for (const t of promised) expect(held).toContain(t);
  });
});
