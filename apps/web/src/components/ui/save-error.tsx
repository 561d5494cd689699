/**
 * The error alert of a failed save in the console's forms and dialogs: the server's message (or the
 * fallback when it has none, errorMessage's rules), and nothing while there is no error, so a caller
 * passes the mutation's `error` as is instead of guarding on `isError` itself.
 * Desktop only: it renders antd's Alert, which the H5 shell must not load.
 */
import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { errorMessage } from '@/lib/error-message';

export interface SaveErrorProps {
  /** The failed call's error; null or undefined renders nothing. */
  error: unknown;
  /** Shown when the error carries no message of the server's. */
  fallback?: string | undefined;
  /** Spacing for where it sits: above a form's fields it needs a gap below, at a dialog's end none. */
  style?: CSSProperties | undefined;
}

export function SaveError({ error, fallback = '操作失败，请稍后重试', style }: SaveErrorProps) {
  if (error === null || error === undefined) return null;
  return <Alert style={style} type="error" showIcon title={errorMessage(error, fallback)} />;
}
