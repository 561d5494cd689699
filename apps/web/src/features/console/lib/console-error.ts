/** Reading failures of console calls: the second factor lapsed (428) versus other errors. */
import { ErrorCode } from '@eav/contract';
import { ApiError } from '@/lib/api-client';

/** True when the server asks for the second factor again. */
export function needsMfa(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 428 || error.code === ErrorCode.CONSOLE_MFA_REQUIRED);
}

/** The Chinese message of a failure. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.msg : '操作失败，请稍后重试';
}
