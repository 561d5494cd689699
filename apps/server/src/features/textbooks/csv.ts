/**
 * The activation-code file (`npm run codes:generate -- --out`), written by the contract's one CSV
 * writer (`toCsv`: BOM, CRLF, formula cells neutralised; book titles come from imports).
 */
import { formatActivationCode, toCsv } from '@eav/contract';

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
