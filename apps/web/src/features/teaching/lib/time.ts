/**
 * `datetime-local` inputs (the assignment form) ↔ ISO times with offset, as the contract wants
 * (`z.iso.datetime({ offset: true })`). The input shows the viewer's local time.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as the value of a `datetime-local` input (`2026-11-30T21:00`), local time. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The ISO time (UTC, `Z`) of a `datetime-local` value; undefined when empty or invalid. */
export function fromLocalInput(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The default due time of a new assignment: 21:00 two days from `now`. */
export function defaultDue(now = new Date()): string {
  const d = new Date(now);
  d.setDate(d.getDate() + 2);
  d.setHours(21, 0, 0, 0);
  return toLocalInput(d);
}
