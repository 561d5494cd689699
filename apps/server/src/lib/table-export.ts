/**
 * Table exports of the operator console (docs/console.md): one list's rows as CSV (the contract's
 * `toCsv`: UTF-8 with BOM, RFC 4180, cells starting with = + - @ prefixed with `'` against formula
 * injection) or as an Excel workbook (exceljs, one sheet, bold header row), and the
 * audit entry every export writes.
 */
import { toCsv, type TableExportFormat } from '@eav/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { AuditJson } from './operator-audit';
import { attachmentDisposition } from './paper-export';

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  /** Column width in characters (Excel). */
  width?: number;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook cell as text that a spreadsheet will not run as a formula (as the CSV writer does). */
function safeCell(v: string | number | null | undefined): string | number {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return v;
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** CSV text of the rows (the contract's one CSV writer: BOM, CRLF, formula cells neutralised). */
export function tableCsv<T>(columns: ExportColumn<T>[], rows: T[]): string {
  return toCsv(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => c.value(row))),
  );
}

/** An .xlsx workbook of the rows, one sheet named `sheet`. */
export async function toXlsx<T>(sheet: string, columns: ExportColumn<T>[], rows: T[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet.slice(0, 31));
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) ws.addRow(columns.map((c) => safeCell(c.value(row))));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sends the rows as a download named `<name>.<format>`. */
export async function sendTable<T>(
  reply: FastifyReply,
  format: TableExportFormat,
  name: string,
  columns: ExportColumn<T>[],
  rows: T[],
): Promise<FastifyReply> {
  const body = format === 'csv' ? tableCsv(columns, rows) : await toXlsx(name, columns, rows);
  return reply
    .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
    .header('Content-Disposition', attachmentDisposition(`${name}.${format}`))
    .header('Cache-Control', 'private, no-store')
    .send(body);
}

/**
 * The audit entry of a table export (docs/console.md, Exports): event `console_export`, the table as
 * target (`export:banners`), and after it the format, the number of rows and the filters used
 * (the query's plain values without paging, format and empty ones). Exports are reads, so there is
 * nothing before.
 */
export function exportAuditEntry(
  table: string,
  format: TableExportFormat,
  rows: number,
  filters: object,
): { event: 'console_export'; target: string; before: null; after: Record<string, AuditJson> } {
  const used: Record<string, AuditJson> = {};
  for (const [key, value] of Object.entries(filters) as [string, unknown][]) {
    if (['format', 'page', 'pageSize'].includes(key) || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') used[key] = value;
  }
  return { event: 'console_export', target: `export:${table}`, before: null, after: { format, rows, filters: used } };
}
