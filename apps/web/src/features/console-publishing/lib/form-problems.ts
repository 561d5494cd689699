/**
 * A whole form body checked with its contract zod schema (the server's own), each issue placed on
 * the form field its path names, in the schema's Chinese words.
 */
import { beijingDay } from '@eav/contract';
import type { FormInstance } from 'antd';
import type { z } from 'zod';
import '@/lib/form-rules';

export interface FormProblem {
  name: (string | number)[];
  message: string;
}

/** The parsed body, or the problems (at least one). */
export function checkBody<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; body: z.output<S> } | { ok: false; problems: FormProblem[] } {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, body: r.data };
  return {
    ok: false,
    problems: r.error.issues.map((i) => ({
      name: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
      message: i.message,
    })),
  };
}

/** Today in Beijing as `YYYY-MM-DD` (the default publication day of a notice). */
export function beijingToday(now = Date.now()): string {
  return beijingDay(now);
}

/** Clears the form's earlier errors and shows `problems` on their fields. */
export function showProblems<T>(form: FormInstance<T>, problems: FormProblem[]): void {
  // antd types names by the values' shape; these paths come from the same shape through the schema.
  const loose = form as unknown as FormInstance;
  loose.setFields(loose.getFieldsError().map((f) => ({ name: f.name, errors: [] })));
  loose.setFields(problems.map((p) => ({ name: p.name, errors: [p.message] })));
}
