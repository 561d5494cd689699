/** Helpers over a book's errata and printings (docs/publishing.md). */
import type { Erratum, TextbookPrinting } from '@eav/contract';

/** The reader's mark text of a page with errata. */
export const ERRATA_MARK = '勘误';

/** Pages that have errata → the mark shown on them in the reader. */
export function errataMarks(errata: readonly Erratum[]): Map<number, string> {
  return new Map(errata.map((e) => [e.page, ERRATA_MARK]));
}

/** The errata of one page. */
export function errataOnPage(errata: readonly Erratum[], page: number): Erratum[] {
  return errata.filter((e) => e.page === page);
}

/** `第 1 版第 3 次印刷`. */
export function printingLabel(p: Pick<TextbookPrinting, 'editionNo' | 'printingNo'>): string {
  return `第 ${p.editionNo} 版第 ${p.printingNo} 次印刷`;
}

/** `2026-11-20` → `2026年11月20日`. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}
