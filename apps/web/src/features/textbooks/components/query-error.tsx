/** An inline error block with the server's Chinese message and a retry button. */
import { Button, Result } from 'antd';
import { ApiError } from '@/lib/api-client';

/** The message to show a person for a failed call. */
export function errorMessage(error: unknown, fallback = '加载失败，请稍后重试'): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return '网络连接异常，请检查网络后重试';
    if (error.status >= 500) return '服务器开小差了，请稍后重试';
    return error.msg || fallback;
  }
  return fallback;
}

export function QueryError({
  error,
  onRetry,
  title = '加载失败',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={errorMessage(error)}
      extra={
        onRetry && (
          <Button type="primary" onClick={onRetry}>
            重新加载
          </Button>
        )
      }
    />
  );
}
