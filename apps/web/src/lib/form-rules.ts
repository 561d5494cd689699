/**
 * Form rules (antd / antd-mobile, both rc-field-form) built from the zod fields of @eav/contract,
 * so a form refuses exactly what the server would and says so in the same Chinese words.
 *
 * The one place the web app runs zod: it sets zod's zh-CN messages here rather than in the entry,
 * so zod loads with the first form instead of with every page.
 */
import { z } from 'zod';

z.config(z.locales.zhCN());

/** Rule shape shared by antd and antd-mobile forms. */
export interface FieldRule {
  required?: boolean;
  whitespace?: boolean;
  message?: string;
  validator?: (rule: unknown, value: unknown) => Promise<void>;
  validateTrigger?: string | string[];
}

/** A required-field rule with its Chinese message (shown when the field is empty). */
export function requiredRule(message: string): FieldRule {
  return { required: true, whitespace: true, message };
}

/**
 * A rule that checks a non-empty value with a contract zod schema and shows the first issue's
 * message. Empty values pass (pair with `requiredRule` for the "please enter" message).
 */
export function zodRule(schema: z.ZodType): FieldRule {
  return {
    validator: async (_rule, value) => {
      if (value === undefined || value === null || value === '') return;
      const problem = fieldProblem(schema, value);
      if (problem) throw new Error(problem);
    },
  };
}

/** The first message `schema` gives for `value` (zh-CN), or null when the value is valid. */
export function fieldProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '输入不正确');
}

/** A "repeat the password" rule: the value must equal the form's `field`. */
export function sameAsRule(getValue: () => unknown, message = '两次输入的密码不一致'): FieldRule {
  return {
    validator: async (_rule, value) => {
      if (value && value !== getValue()) throw new Error(message);
    },
  };
}
