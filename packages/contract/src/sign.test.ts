import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  canonicalQuery,
  canonicalString,
  signRequest,
  signaturesEqual,
  splitRequestTarget,
} from './sign';

const secret = 'dev-secret';
const timestamp = 1700000000000;

describe('EAV-Sign (docs/api.md, Signing)', () => {
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
    expect(canonicalPath('/prize/api/v1/rank/user?x=1')).toBe('/api/v1/rank/user');
    expect(canonicalPath('/api/v1/prize/api/x')).toBe('/api/v1/prize/api/x');
  });

  it('takes the path as routing sees it: absolute form, escapes and "#" resolved', () => {
    const cases: [string, string][] = [
      ['/%61pi/v1/users/1', '/api/v1/users/1'],
      ['/%61%70%69/v1/users/1', '/api/v1/users/1'],
      ['/prize/%61pi/v1/banner', '/api/v1/banner'],
      ['/api/v1/textbooks/%E4%B8%AD%20x', '/api/v1/textbooks/中 x'],
      ['/api/v1/textbooks/中', '/api/v1/textbooks/中'],
      ['http://x/api/v1/users/1?a=1', '/api/v1/users/1'],
      ['HTTPS://x:8443/%61pi/v1/a', '/api/v1/a'],
      ['http://x', '/'],
      ['http://x?a=1', '/'],
      ['/api/v1/textbooks#page=2', '/api/v1/textbooks'],
      // Decoded once, as the router decodes once.
      ['/%2561pi/v1', '/%61pi/v1'],
      // Malformed escapes stay as they are (the router refuses such a request with 400).
      ['/api/%zz/%E4/%', '/api/%zz/%E4/%'],
      // Not absolute form: left alone, and never routed.
      ['ftp://x/api/v1', 'ftp://x/api/v1'],
    ];
    for (const [target, path] of cases) expect(canonicalPath(target), target).toBe(path);
    expect(canonicalPath(canonicalPath('/api/v1/a%20b'))).toBe('/api/v1/a b');
  });

  it('splits the query where the router does, at the first "?" or "#"', () => {
    expect(splitRequestTarget('/api/v1/t?a=1#b')).toEqual({ path: '/api/v1/t', query: 'a=1#b' });
    expect(splitRequestTarget('/api/v1/t#a=1?b=2')).toEqual({ path: '/api/v1/t', query: 'a=1?b=2' });
    expect(splitRequestTarget('http://h:1?x=%20')).toEqual({ path: '/', query: 'x=%20' });
    expect(splitRequestTarget('/api/v1/t')).toEqual({ path: '/api/v1/t', query: '' });
  });

  it('signs every spelling of a path alike, and the test vectors hold for them', () => {
    const base = {
      method: 'POST',
      body: '{"account":"13800000000","password":"密码Pa55","platform":"WEB"}',
      timestamp,
    };
    const vector2 = '518db73c203daae18c45b9e5eb24b884ea637f36edb3f6d6d0f9257761c037a3';
    for (const path of ['/api/v1/pub/login', '/%61pi/v1/pub/login', 'http://example.cn/api/v1/pub/%6Cogin?x'])
      expect(signRequest({ ...base, path }, secret), path).toBe(vector2);
    expect(signRequest({ ...base, path: '/api/v1/pub/logins' }, secret)).not.toBe(vector2);
  });

  it('compares signatures without short-circuit and rejects different lengths', () => {
    expect(signaturesEqual('abcd', 'abcd')).toBe(true);
    expect(signaturesEqual('abcd', 'abce')).toBe(false);
    expect(signaturesEqual('abcd', 'abc')).toBe(false);
  });
});

describe('canonicalQuery with lone surrogates', () => {
  it('signs a lone surrogate as U+FFFD, as the URL serialiser sends it, instead of throwing', () => {
    expect(canonicalQuery({ q: 'a\ud800b' })).toBe(`q=${encodeURIComponent('a\ufffdb')}`);
    expect(canonicalQuery({ q: '\udc00' })).toBe(`q=${encodeURIComponent('\ufffd')}`);
    expect(canonicalQuery({ q: '中😀' })).toBe(`q=${encodeURIComponent('中😀')}`);
  });
});
