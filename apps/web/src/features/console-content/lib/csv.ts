/**
 * CSV export of a console table: UTF-8 with a byte-order mark (so that Excel reads the Chinese),
 * CRLF lines, every field quoted, and cells that a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, tab, CR) prefixed with an apostrophe (CSV injection).
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  const cell = (v: string | number | null | undefined) => {
    let s = v == null ? '' : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return `"${s.replace(/"/g, '""')}"`;
  };
  return '\uFEFF' + [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A CSV file of `text` as a Blob. */
export const csvBlob = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });
