/**
 * A jsonb column whose values come back exactly as stored. Both drivers (PGlite, postgres.js) already
 * parse jsonb; Drizzle's own `jsonb` then parses any string value a second time, so a stored JSON
 * string such as `"1"`, `"-2"` or `"true"` reaches the code as a number or a boolean (a fill-in
 * answer `"0.2"` read as 0.2 broke the paper's response schema). Writes are the same as `jsonb`'s.
 */
import { customType } from 'drizzle-orm/pg-core';

/** `jsonb` column of type `T`, read without a second JSON.parse (see the file comment). */
export const storedJsonb = <T>(name: string) =>
  customType<{ data: T; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => value as T,
  })(name);
