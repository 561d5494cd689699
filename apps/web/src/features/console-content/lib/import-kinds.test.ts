import { ApiPaths, IMPORT_JOB_KINDS } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { IMPORT_KINDS, importPaths, QUESTION_IMPORT_KINDS } from './import-kinds';

describe('import kinds', () => {
  it('sends the catalogue to its own endpoints and the question bank’s kinds with ?kind=', () => {
    expect(importPaths('catalogue').start).toBe(ApiPaths.adminCatalogueImports);
    expect(importPaths('catalogue').events('x')).toBe(ApiPaths.adminCatalogueImportEvents('x'));
    expect(importPaths('knowledge-points').start).toBe(`${ApiPaths.adminQuestionBankImports}?kind=knowledge-points`);
    expect(importPaths('papers').job('x')).toBe(ApiPaths.adminQuestionBankImportJob('x'));
  });

  it('describes every kind, and offers the question bank’s four', () => {
    for (const kind of IMPORT_JOB_KINDS) {
      expect(IMPORT_KINDS[kind].label).not.toBe('');
      // The example line is one JSON object with an externalId.
      expect(JSON.parse(IMPORT_KINDS[kind].example)).toHaveProperty('externalId');
    }
    expect([...QUESTION_IMPORT_KINDS].sort()).toEqual(IMPORT_JOB_KINDS.filter((k) => k !== 'catalogue').sort());
  });
});
