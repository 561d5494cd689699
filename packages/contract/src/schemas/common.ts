/**
 * Building blocks of every request schema, so that no input reaches the database in a shape it
 * refuses (an id past the `integer` column range, a NUL byte in a `text` column): such input is a
 * 400 with a Chinese message at the edge instead of a database error.
 */
import { z } from 'zod';
import { isSafeLink, SAFE_LINK_MAX, SAFE_LINK_MESSAGE } from '../links';

/** Largest value of a PostgreSQL `integer` (int4) column, the type of every id. */
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number in `[min, max]`, from a number or a numeric string (query strings and path
 * params arrive as strings). `message` is used for every failure (not a number, fraction, range).
 */
export function boundedInt(min: number, max: number, message = `必须是 ${min} 到 ${max} 之间的整数`) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A whole number in `[min, max]` of a JSON body: numbers only (no `"5"`, `true` or `null` coercion). */
export function jsonInt(min: number, max: number, message = `必须是 ${min} 到 ${max} 之间的整数`) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A database id (positive `integer`, 1…2147483647) from a path parameter or a number. */
export const idParam = boundedInt(1, INT4_MAX, `必须是 1 到 ${INT4_MAX} 之间的整数`);

/** An id with its own message, e.g. `idField('请选择学段')`. */
export function idField(message: string) {
  return boundedInt(1, INT4_MAX, message);
}

/** An optional id filter of a query string with its own message; an empty value counts as absent. */
export function idQueryField(message: string) {
  return z.preprocess((v) => (v === '' ? undefined : v), idField(message).optional());
}

/** An optional id filter of a query string (`?stageId=` empty counts as absent). */
/**
 * An optional on/off query flag: `true` or `1` turn it on (true), `false`, `0`, empty or absent leave
 * it off (undefined, so it drops out of cache keys and links); anything else is refused with `message`.
 */
export function flagQuery(message: string) {
  return z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false', '1', '0'], { error: message }).optional())
    .transform((v) => (v === 'true' || v === '1' ? true : undefined))
    .optional();
}

export const idQuery = idQueryField(`必须是 1 到 ${INT4_MAX} 之间的整数`);

// C0 controls other than tab (U+0009) and newline (U+000A), and DEL: PostgreSQL refuses NUL in
// text outright, and the others only hide text or break logs and exports.
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** Message of a string with a control character. */
export const CONTROL_CHARS_MESSAGE = '不能包含控制字符';

/** Whether `s` is free of NUL and other control characters (tab and newline allowed). */
export function isPlainText(s: string): boolean {
  return !CONTROL_CHARS.test(s);
}

/**
 * A trimmed string of at most `max` characters without NUL or other C0 control characters (tab and
 * newline allowed). Chain `.min(1, '…')` for a required field.
 */
export function plainText(max: number, tooLong = `不能超过 ${max} 个字`) {
  return z.string().trim().max(max, tooLong).refine(isPlainText, CONTROL_CHARS_MESSAGE);
}

/**
 * A link that may reach `href` or `window.open`: an `https://` URL or an in-app path (`/…`, not
 * `//…`); `javascript:`, `data:`, `http:` and the like are refused (see links.ts).
 */
export const safeLink = z.string().trim().max(SAFE_LINK_MAX, SAFE_LINK_MESSAGE).refine(isSafeLink, SAFE_LINK_MESSAGE);
