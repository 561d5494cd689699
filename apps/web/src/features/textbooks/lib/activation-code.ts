/**
 * Activation code input: codes are 16 characters from ACTIVATION_CODE_ALPHABET, printed as
 * XXXX-XXXX-XXXX-XXXX. The input accepts any spacing, dashes and case and shows the grouped form.
 */
import { ACTIVATION_CODE_ALPHABET, ErrorCode, type TextbookListItem } from '@eav/contract';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

export const ACTIVATION_CODE_LENGTH = 16;

/** Upper-cased letters and digits of the typed text, at most 16. */
export function codeCharacters(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, ACTIVATION_CODE_LENGTH);
}

/** The grouped display form of what was typed so far: `ABCD-EFGH-J…`. */
export function formatCodeInput(raw: string): string {
  return codeCharacters(raw).replace(/(.{4})(?=.)/g, '$1-');
}

/**
 * A message for an incomplete or impossible code before asking the server, or null when the code
 * may be sent. Look-alike characters (0 O 1 I L) never occur in codes, so they are pointed out.
 */
export function codeProblem(raw: string): string | null {
  const chars = codeCharacters(raw);
  if (!chars) return '请输入激活码';
  if (chars.length < ACTIVATION_CODE_LENGTH)
    return `激活码为 ${ACTIVATION_CODE_LENGTH} 位，还差 ${ACTIVATION_CODE_LENGTH - chars.length} 位`;
  const bad = [...new Set([...chars].filter((c) => !ACTIVATION_CODE_ALPHABET.includes(c)))];
  if (bad.length) return `激活码中不含字符 ${bad.join('、')}，请核对（数字 0/1 与字母 O/I/L 不会出现）`;
  return null;
}

/** The message for a failed activation (server msg; 401 means the login expired). */
export function activationErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return '登录已失效，请重新登录后再激活';
  return errorMessage(error, '激活失败，请稍后重试');
}

/**
 * The book a code belongs to when the server refused it as a code of another book than the one
 * asked for (409 ACTIVATION.OTHER_BOOK, data: that book's card), else null.
 */
export function otherBookOf(error: unknown): TextbookListItem | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.CODE_OTHER_BOOK) return null;
  const data = error.data as Partial<TextbookListItem> | null | undefined;
  return data && typeof data.id === 'number' && typeof data.title === 'string' ? (data as TextbookListItem) : null;
}
