import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv, type CsvValue } from './csv';

const HEAD = '\uFEFFh\r\n';
/** One cell as written, without the header line and the final CRLF. */
const cell = (v: CsvValue) => toCsv(['h'], [[v]]).slice(HEAD.length, -2);

describe('toCsv', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","点击")', `"'=HYPERLINK(""http://evil.example"",""点击"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\r=1+1', `"'\r=1+1"`],
    // Full-width forms: Apple Numbers normalises them to the ASCII formula characters.
    ['＝1+1', "'＝1+1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
  ])('neutralises the formula %j', (input, expected) => {
    expect(cell(input)).toBe(expected);
  });

  it('quotes separators, quotes, line breaks and edge spaces, and leaves plain text and numbers alone', () => {
    expect(cell('义务教育教科书·数学')).toBe('义务教育教科书·数学');
    expect(cell('ABCD-EFGH-JKMN-PQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(cell('a,b')).toBe('"a,b"');
    expect(cell('a;b')).toBe('"a;b"');
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('two\nlines')).toBe('"two\nlines"');
    expect(cell(' padded ')).toBe('" padded "');
    expect(cell(42)).toBe('42');
    expect(cell(-5)).toBe('-5');
    expect(cell(null)).toBe('');
    expect(cell(undefined)).toBe('');
    // A formula character later in the cell is harmless.
    expect(cell('a=b')).toBe('a=b');
  });

  it('writes a BOM, CRLF records and a final CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', '=2']])).toBe("\uFEFFa,b\r\n1,'=2\r\n");
  });

  it('reads back cell for cell by an RFC 4180 reader, and no text cell starts a formula', () => {
    const value = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('=1+1', '@x', '-3', '+', '\t=', ' a ', 'a\r\nb', '＝1', '＋', '－2', '＠x'),
    );
    fc.assert(
      fc.property(fc.array(fc.array(value, { minLength: 2, maxLength: 2 }), { maxLength: 8 }), (rows) => {
        const read = parse(toCsv(['a', 'b'], rows), { bom: true, relax_column_count: false }) as string[][];
        expect(read).toEqual([
          ['a', 'b'],
          ...rows.map((r) => r.map((v) => (/^[=+\-@\t\r＝＋－＠]/.test(v) ? `'${v}` : v))),
        ]);
      }),
      { numRuns: 300 },
    );
  });
});
