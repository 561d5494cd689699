/**
 * CSV for exports opened in spreadsheets (activation codes). RFC 4180 quoting plus the OWASP
 * "CSV Injection" defence: a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
 * would be run as a formula by Excel, WPS or LibreOffice, so it is prefixed with `'` (shown as
 * text) before quoting. Book titles and batch names come from imports and operators, so every
 * cell is treated as untrusted.
 */
import { formatActivationCode } from '@eav/contract';

/** First characters that make a spreadsheet treat a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised against formulas, then quoted when it holds `"`, `,`, `;`, CR or LF. */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",;\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * A whole CSV document: the header and rows joined with CRLF (RFC 4180), ending with CRLF, with a
 * UTF-8 byte order mark so that Excel reads Chinese text correctly.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return '\uFEFF' + [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Column names of the activation-code export. */
export const CODES_CSV_HEADER = ['code', 'textbook_id', 'external_id', 'title', 'expires_at'] as const;

/**
 * The activation-code export (`npm run codes:generate -- --out`): one row per code, printed
 * grouped (`XXXX-XXXX-XXXX-XXXX`), with the book's id, externalId, title and the ISO expiry
 * instant (empty when the codes never expire).
 */
export function activationCodesCsv(issued: {
  book: { id: number; externalId: string; title: string };
  codes: readonly string[];
  expiresAt: Date | null;
}): string {
  const { book, codes, expiresAt } = issued;
  const expiry = expiresAt ? expiresAt.toISOString() : '';
  return toCsv(
    CODES_CSV_HEADER,
    codes.map((c) => [formatActivationCode(c), book.id, book.externalId, book.title, expiry]),
  );
}
