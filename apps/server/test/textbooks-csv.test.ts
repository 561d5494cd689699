/**
 * CSV exports of activation codes: RFC 4180 quoting and the OWASP CSV-injection defence (a cell
 * starting with = + - @ tab or CR is prefixed with ' so spreadsheets show it as text).
 */
import { describe, expect, it } from 'vitest';
import { activationCodesCsv, csvCell, toCsv } from '../src/features/textbooks/csv';

/** Minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF) to read the exports back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('csv cells', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","点击")', `"'=HYPERLINK(""http://evil.example"",""点击"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises the formula %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('quotes separators, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvCell('义务教育教科书·数学')).toBe('义务教育教科书·数学');
    expect(csvCell('ABCD-EFGH-JKMN-PQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    // A formula character later in the cell is harmless.
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes a BOM, CRLF rows and a final CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', '=2']])).toBe("\uFEFFa,b\r\n1,'=2\r\n");
  });
});

describe('activation code export', () => {
  it('escapes a hostile title and batch-free rows, and reads back cell for cell', () => {
    const title = '=cmd|\' /C calc\'!A0,"数学"';
    const csv = activationCodesCsv({
      book: { id: 7, externalId: '@ext-7', title },
      codes: ['ABCDEFGHJKMNPQRS', '23456789ABCDEFGH'],
      expiresAt: new Date('2030-01-31T15:59:59.999Z'),
    });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows).toEqual([
      ['code', 'textbook_id', 'external_id', 'title', 'expires_at'],
      ['ABCD-EFGH-JKMN-PQRS', '7', "'@ext-7", `'${title}`, '2030-01-31T15:59:59.999Z'],
      ['2345-6789-ABCD-EFGH', '7', "'@ext-7", `'${title}`, '2030-01-31T15:59:59.999Z'],
    ]);
    // No cell, once unquoted, starts a formula.
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('leaves the expiry empty for codes that never expire', () => {
    const rows = parseCsv(
      activationCodesCsv({
        book: { id: 1, externalId: 'x', title: 't' },
        codes: ['ABCDEFGHJKMNPQRS'],
        expiresAt: null,
      }).slice(1),
    );
    expect(rows[1]).toEqual(['ABCD-EFGH-JKMN-PQRS', '1', 'x', 't', '']);
  });
});
