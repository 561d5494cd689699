import { describe, expect, it } from 'vitest';
import { canonicalQuery, canonicalString, signRequest, signaturesEqual, signingPath } from './sign';

const secret = 'dev-secret';
const timestamp = 1700000000000;

describe('EAV-Sign (contract section 3)', () => {
  it('builds the canonical string of the worked example', () => {
    expect(
      canonicalString({
        method: 'get',
        path: '/api/v1/dictionary/stage/2/subjects',
        query: { b: '2', a: '1', c: '' },
        timestamp,
      }),
    ).toBe('GET\n/api/v1/dictionary/stage/2/subjects\na=1&b=2\n\n\n1700000000000');
  });

  it('matches test vector 1 (GET with an empty parameter, no token)', () => {
    expect(
      signRequest(
        { method: 'GET', path: '/api/v1/dictionary/stage/2/subjects', query: { b: '2', a: '1', c: '' }, timestamp },
        secret,
      ),
    ).toBe('4359aaf4b33d9afcff4ad38387672409b4ca5ffdb544abd8138293d86470af72');
  });

  it('matches test vector 2 (POST JSON body)', () => {
    expect(
      signRequest(
        {
          method: 'POST',
          path: '/api/v1/pub/login',
          body: '{"account":"13800000000","password":"密码Pa55","platform":"WEB"}',
          timestamp,
        },
        secret,
      ),
    ).toBe('518db73c203daae18c45b9e5eb24b884ea637f36edb3f6d6d0f9257761c037a3');
  });

  it('matches test vector 3 (prize path rewrite, encoded value, token)', () => {
    const sign = signRequest(
      { method: 'GET', path: '/prize/api/v1/banner', query: { activityCode: 'A&B 中' }, token: 'tok123', timestamp },
      secret,
    );
    expect(sign).toBe('d7aec1cff3d29cc3f12eb37ca030aaa47847b4a9d2be47a570de5341e1e886f9');
    // The server sees the decoded query of the raw URL: the same signature must come out.
    const fromUrl = new URLSearchParams('activityCode=A%26B%20%E4%B8%AD');
    expect(
      signRequest({ method: 'GET', path: '/prize/api/v1/banner', query: fromUrl, token: 'tok123', timestamp }, secret),
    ).toBe(sign);
  });

  it('sorts by key then value in code-point order and drops empty values', () => {
    expect(canonicalQuery({ z: '1', a: ['2', '10'], m: undefined, e: null, b: '' })).toBe('a=10&a=2&z=1');
    // U+1F600 sorts after U+FFFF in code-point order although its UTF-16 lead unit is lower.
    expect(canonicalQuery({ k: ['\uffff', '😀'] })).toBe(
      `k=${encodeURIComponent('\uffff')}&k=${encodeURIComponent('😀')}`,
    );
  });

  it('rewrites only a leading /prize/api/ and ignores a query in the path', () => {
    expect(signingPath('/prize/api/v1/rank/user?x=1')).toBe('/api/v1/rank/user');
    expect(signingPath('/api/v1/prize/api/x')).toBe('/api/v1/prize/api/x');
  });

  it('compares signatures without short-circuit and rejects different lengths', () => {
    expect(signaturesEqual('abcd', 'abcd')).toBe(true);
    expect(signaturesEqual('abcd', 'abce')).toBe(false);
    expect(signaturesEqual('abcd', 'abc')).toBe(false);
  });
});
