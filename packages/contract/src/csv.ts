/**
 * The portal's one CSV writer (console table exports, activation-code files, import error reports),
 * for files opened in spreadsheets: csv-stringify with a UTF-8 byte order mark (Excel then reads the
 * Chinese), CRLF records (RFC 4180) and the OWASP "CSV Injection" defence (`escape_formulas`: a text
 * cell starting with `=`, `+`, `-`, `@`, tab or CR, or with the full-width `＝＋－＠` that Apple
 * Numbers reads as the same, is prefixed with `'`, so Excel, WPS and LibreOffice show it as text).
 * Titles, names and import rows come from operators and files, so every
 * cell is treated as untrusted. The browser build of csv-stringify runs on the server and the web.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';

/** A cell: text, a number (written as is), or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/**
 * A CSV document of `header` and `rows`, ending with CRLF. A cell is quoted when it holds `"`, `,`,
 * `;`, CR or LF, or starts or ends with white space (spreadsheets would trim it).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return stringify([header, ...rows] as CsvValue[][], {
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    quoted_match: /[\r\n;]|^\s|\s$/,
  });
}
