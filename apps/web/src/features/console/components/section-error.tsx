/** Error state of a console section: asks for the second factor again when it lapsed, else retry. */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { MFA_STATE_KEY } from '../api/mfa-state';
import { errorText, needsMfa } from '../lib/console-error';

export function SectionError({ error, retry }: { error: unknown; retry: () => void }) {
  const qc = useQueryClient();
  const mfa = needsMfa(error);
  useEffect(() => {
    if (mfa) void qc.invalidateQueries({ queryKey: MFA_STATE_KEY });
  }, [mfa, qc]);
  return (
    <Result
      status="warning"
      title={mfa ? '请重新输入动态验证码' : '加载失败'}
      subTitle={errorText(error)}
      extra={
        <Button type="primary" onClick={retry}>
          重试
        </Button>
      }
    />
  );
}

/** `ConsoleTable`'s `renderError` for the console's own lists. */
export const sectionError = (error: unknown, retry: () => void): ReactNode => (
  <SectionError error={error} retry={retry} />
);
