import { describe, expect, it } from 'vitest';
import { isServiceUnavailable } from './errors';

describe('isServiceUnavailable', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, true],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }, true],
    [{ code: '57P03' }, true],
    [{ code: '08006' }, true],
    [{ code: '53300' }, true],
    [{ code: 'CONNECTION_ENDED' }, true],
    [new Error('wrapped', { cause: { code: 'CONNECT_TIMEOUT' } }), true],
    [
      Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' }),
      true,
    ],
    [new Error('Connection is closed.'), true],
    [
      new Error('Failed query: select 1', {
        cause: { code: '55000', message: 'database "eav" is not currently accepting connections' },
      }),
      true,
    ],
    [{ code: '55000', message: 'prepared transactions are disabled' }, false],
    [{ code: '23505' }, false],
    [{ code: '22P02' }, false],
    [new TypeError('x is undefined'), false],
    [null, false],
  ])('%o → %s', (error, expected) => {
    expect(isServiceUnavailable(error)).toBe(expected);
  });
});
