/**
 * AppError: a failure with an HTTP status, a contract error code and a Chinese message that is
 * shown to the user as-is (docs/api.md, Errors). Throw it from any handler or service.
 */
import { ErrorCode, Messages } from '@eav/contract';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number | string,
    /** Simplified-Chinese sentence for the user. */
    readonly msg: string,
    readonly data?: unknown,
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, code: number | string = 400, data?: unknown) =>
  new AppError(400, code, msg, data);
export const unauthorized = (msg: string = Messages.tokenInvalid) => new AppError(401, 401, msg);
export const notFound = (msg = '内容不存在或已下架') => new AppError(404, 404, msg);
export const conflict = (msg: string, code: number | string = 409, data?: unknown) =>
  new AppError(409, code, msg, data);
export const unprocessable = (msg: string, code: number | string = 422, data?: unknown) =>
  new AppError(422, code, msg, data);
export const tooMany = (msg: string = Messages.rateLimited, data?: unknown) =>
  new AppError(429, ErrorCode.RATE_LIMITED, msg, data);
