/**
 * The Chinese message to show a person for a failed call, for desktop and H5 alike (no UI library
 * imports, so H5 pages can use it without loading antd).
 */
import { ApiError } from './api-client';

export function errorMessage(error: unknown, fallback = '加载失败，请稍后重试'): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return '网络连接异常，请检查网络后重试';
    if (error.status >= 500) return '服务器开小差了，请稍后重试';
    return error.msg || fallback;
  }
  return fallback;
}
