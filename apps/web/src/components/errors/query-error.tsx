/** An inline error block (desktop, antd) with the server's Chinese message and a retry button, for a failed query. */
import { Button, Result } from 'antd';
import { errorMessage } from '@/lib/error-message';

export function QueryError({
  error,
  onRetry,
  title = '加载失败',
  retryText = '重新加载',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  /** The retry button's text (the console's tables say 重试). */
  retryText?: string;
}) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={errorMessage(error)}
      extra={
        onRetry && (
          <Button type="primary" onClick={onRetry}>
            {retryText}
          </Button>
        )
      }
    />
  );
}
