/** The plain labels equal the contract's. */
import * as contract from '@eav/contract';
import { describe, expect, it } from 'vitest';
import * as labels from './labels';

describe('teaching labels', () => {
  it.each([
    'JOIN_CODE_ALPHABET',
    'JOIN_CODE_LENGTH',
    'JOIN_MODE_LABELS',
    'MEMBER_STATUS_LABELS',
    'ASSIGNMENT_KIND_LABELS',
    'ANSWER_VISIBILITY_LABELS',
    'ASSIGNMENT_STATE_LABELS',
    'SUBMISSION_STATUS_LABELS',
  ] as const)('%s matches the contract', (name) => {
    expect(labels[name]).toEqual(contract[name]);
  });
  it('every status has a colour', () => {
    expect(Object.keys(labels.SUBMISSION_STATUS_COLORS).sort()).toEqual([...contract.SUBMISSION_STATUSES].sort());
  });
});
