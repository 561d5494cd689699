/** The request-schema building blocks: ids within `integer`, text without control characters, safe links. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeLink } from '../links';
import { idParam, idQuery, INT4_MAX, plainText, safeLink } from './common';

describe('idParam / idQuery', () => {
  it('accepts 1…2147483647 from numbers and numeric strings', () => {
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(idQuery.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it.each(['0', '-1', '1.5', '2147483648', '99999999999', '1e400', 'abc', 'NaN', 'Infinity'])('refuses %j', (v) => {
    expect(idParam.safeParse(v).success).toBe(false);
    expect(idQuery.safeParse(v).success).toBe(false);
  });

  it('treats an empty or missing query value as absent', () => {
    expect(idQuery.parse('')).toBeUndefined();
    expect(idQuery.parse(undefined)).toBeUndefined();
  });

  it('never lets a value outside the integer column through', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.string(), fc.bigInt().map(String)), (v) => {
        const r = idParam.safeParse(v);
        if (r.success) expect(Number.isInteger(r.data) && r.data >= 1 && r.data <= INT4_MAX).toBe(true);
      }),
    );
  });
});

describe('plainText', () => {
  const school = plainText(10).min(1, '请输入学校');

  it('trims and bounds the length', () => {
    expect(school.parse('  实验中学  ')).toBe('实验中学');
    expect(school.safeParse('一'.repeat(11)).success).toBe(false);
    expect(school.safeParse('   ').success).toBe(false);
  });

  it('allows tab and newline but no other control character', () => {
    expect(school.parse('一\t二\n三')).toBe('一\t二\n三');
    for (let c = 0; c < 0x20; c++) {
      if (c === 9 || c === 10) continue;
      const r = school.safeParse(`a${String.fromCharCode(c)}b`);
      expect(r.success, `U+${c.toString(16)}`).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('不能包含控制字符');
    }
  });
});

describe('safeLink', () => {
  it('keeps https URLs and in-app paths, trimmed', () => {
    expect(safeLink.parse(' https://www.example.edu.cn/a?b=1 ')).toBe('https://www.example.edu.cn/a?b=1');
    expect(safeLink.parse('/digitalBook')).toBe('/digitalBook');
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'http://a.cn/', '//a.cn', '/\\a.cn', 'a.cn', '#/x'])(
    'refuses %j with the link message',
    (v) => {
      const r = safeLink.safeParse(v);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('链接只能是 https:// 地址或站内路径');
    },
  );

  it('accepts only links that resolve to https or stay on the page’s own origin', () => {
    const origin = 'https://portal.example.edu.cn';
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl({ validSchemes: ['https', 'http', 'ftp'] }),
          fc.string({ unit: 'binary', maxLength: 30 }),
          fc
            .array(fc.constantFrom('/', '\\', '\t', ':', 'javascript', 'data', 'https', 'a.cn', '@', '%2f'), {
              maxLength: 6,
            })
            .map((p) => p.join('')),
        ),
        (link) => {
          if (!isSafeLink(link)) return;
          const url = new URL(link, `${origin}/`);
          expect(url.protocol).toBe('https:');
          if (link.startsWith('/')) expect(url.origin).toBe(origin);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
