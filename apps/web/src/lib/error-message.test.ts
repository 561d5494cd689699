import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it("shows the server's message for a 4xx answer", () => {
    expect(errorMessage(new ApiError(404, 404, '教材不存在'))).toBe('教材不存在');
  });
  it('explains network and server failures instead of their raw text', () => {
    expect(errorMessage(new ApiError(0, 'OFFLINE', 'Network Error'))).toBe('网络连接异常，请检查网络后重试');
    expect(errorMessage(new ApiError(502, 502, 'Bad Gateway'))).toBe('服务器开小差了，请稍后重试');
  });
  it('falls back for empty messages and for anything that is not an API error', () => {
    expect(errorMessage(new ApiError(400, 400, ''))).toBe('加载失败，请稍后重试');
    expect(errorMessage(new TypeError('x is undefined'), '激活失败')).toBe('激活失败');
  });
});
