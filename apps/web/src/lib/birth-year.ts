/**
 * A student's birth year in the web's forms (docs/privacy.md, Guardians): the registration forms and
 * the consent dialogs ask for it with the same choices and the same check as the server
 * (LIMITS.birthYear, checked against the current Beijing year).
 */
import { beijingYear, GuardianMessages, LIMITS } from '@eav/contract';
import type { FieldRule } from '@/lib/form-rules';

/** The latest birth year a student may give (this Beijing year less LIMITS.birthYear.minAge). */
export function latestBirthYear(now = Date.now()): number {
  return beijingYear(now) - LIMITS.birthYear.minAge;
}

/** The years a student may choose, newest first, labelled `2014 年`. */
export function birthYearOptions(now = Date.now()): { value: number; label: string }[] {
  const years: { value: number; label: string }[] = [];
  for (let y = latestBirthYear(now); y >= LIMITS.birthYear.min; y--) years.push({ value: y, label: `${y} 年` });
  return years;
}

/** The form rule of a birth year (a select's number or a typed 4-digit text). */
export const birthYearRules: FieldRule[] = [
  {
    validator: async (_rule, value) => {
      const text = String(value ?? '').trim();
      if (!text) throw new Error(GuardianMessages.birthYear);
      const year = Number(text);
      if (!/^\d{4}$/.test(text) || year < LIMITS.birthYear.min || year > latestBirthYear())
        throw new Error(LIMITS.birthYear.message);
    },
  },
];
