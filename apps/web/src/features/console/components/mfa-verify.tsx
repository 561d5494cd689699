/** Console sign-in after enrolment: the authenticator's 6-digit code, or one recovery code. */
import { consoleMfaConfirmBody } from '@eav/contract';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { requiredRule, zodRule } from '@/lib/form-rules';
import { useVerifyMfa } from '../api/verify-mfa';
import { errorText } from '../lib/console-error';
import styles from './console.module.css';

export function MfaVerify() {
  const verify = useVerifyMfa();
  const [recovery, setRecovery] = useState(false);
  return (
    <Card className={styles.mfaCard}>
      <Typography.Paragraph>
        {recovery ? '请输入一个未使用过的恢复码（每个只能使用一次）。' : '请输入身份验证器显示的 6 位动态验证码。'}
      </Typography.Paragraph>
      <Form
        key={recovery ? 'recovery' : 'code'}
        layout="vertical"
        aria-label="动态验证码验证"
        onFinish={(v: { code?: string; recoveryCode?: string }) =>
          verify.mutate(recovery ? { recoveryCode: v.recoveryCode } : { code: v.code })
        }
      >
        {recovery ? (
          <Form.Item name="recoveryCode" label="恢复码" rules={[requiredRule('请输入恢复码')]}>
            <Input autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item
            name="code"
            label="动态验证码"
            rules={[requiredRule('请输入 6 位动态验证码'), zodRule(consoleMfaConfirmBody.shape.code)]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
        )}
        {verify.isError && <Alert className={styles.gap} type="error" showIcon title={errorText(verify.error)} />}
        <Button type="primary" htmlType="submit" block loading={verify.isPending}>
          验 证
        </Button>
        <Button type="link" block onClick={() => setRecovery((r) => !r)}>
          {recovery ? '使用动态验证码' : '手机不在身边？使用恢复码'}
        </Button>
      </Form>
    </Card>
  );
}
