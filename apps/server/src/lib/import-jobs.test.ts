import type { ImportJob } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { isNewer, PROGRESS_INTERVAL_MS } from './import-jobs';

describe('import job streams', () => {
  it('drops a late, older state on a stream', () => {
    const base = { status: 'running', phase: 'writing', done: 10, attempt: 1 } as ImportJob;
    expect(isNewer(undefined, base)).toBe(true);
    expect(isNewer(base, { ...base, done: 5 })).toBe(false);
    expect(isNewer(base, { ...base, done: 20 })).toBe(true);
    expect(isNewer(base, { ...base, phase: 'parsing', done: 0 })).toBe(false);
    expect(isNewer(base, { ...base, status: 'done', phase: 'finished' })).toBe(true);
    expect(isNewer({ ...base, status: 'done' }, base)).toBe(false);
    // A new run starts from the beginning and still follows the last run's progress.
    expect(isNewer(base, { ...base, phase: 'parsing', done: 0, attempt: 2 })).toBe(true);
    expect(isNewer({ ...base, attempt: 2 }, { ...base, done: 90 })).toBe(false);
    expect(PROGRESS_INTERVAL_MS).toBeLessThanOrEqual(200);
  });
});
