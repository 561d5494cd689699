/**
 * Book titles on narrow screens. Catalogue titles carry a series prefix ("义务教育教科书·数学七年级上册",
 * data/textbooks-chinatextbook.jsonl); on a phone the prefix takes the room the distinctive end
 * (上册/下册) needs, so the H5 lists show the series as a small line and the rest as the title.
 */

/** A title split into its series prefix (may be empty) and the distinctive rest. */
export interface SplitTitle {
  series: string;
  name: string;
}

/** Middle dots used between series and name in the catalogue data. */
const SEPARATOR = /[·•・]/;

/**
 * Splits at the first middle dot when the part before it names a textbook series (ends with
 * 教科书 or 教材, at most 12 characters); any other title is returned whole as `name`.
 */
export function splitTitle(title: string): SplitTitle {
  const m = SEPARATOR.exec(title);
  if (!m) return { series: '', name: title };
  const series = title.slice(0, m.index).trim();
  const name = title.slice(m.index + 1).trim();
  if (!name || series.length > 12 || !/(教科书|教材)$/.test(series)) return { series: '', name: title };
  return { series, name };
}
