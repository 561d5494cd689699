/**
 * The activation-code file read back by an RFC 4180 reader: hostile titles and ids are neutralised
 * (the writer itself is tested in the contract's csv.test.ts).
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { activationCodesCsv } from '../src/features/textbooks/csv';

const parseCsv = (text: string) => parse(text) as string[][];

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
