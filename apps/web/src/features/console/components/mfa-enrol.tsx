/**
 * First console sign-in: bind an authenticator app (QR code and the secret as text), confirm with a
 * first code, then the 10 recovery codes, shown once (docs/console.md).
 */
import { consoleMfaConfirmBody } from '@eav/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { requiredRule, zodRule } from '@/lib/form-rules';
import { useConfirmMfa } from '../api/confirm-mfa';
import { useEnrolMfa } from '../api/enrol-mfa';
import { MFA_STATE_KEY } from '../api/mfa-state';
import { errorText } from '../lib/console-error';
import styles from './console.module.css';

export function MfaEnrol() {
  const enrol = useEnrolMfa();
  const confirm = useConfirmMfa();
  const qc = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { mutate } = enrol;
  useEffect(() => mutate(), [mutate]);

  if (codes)
    return (
      <Card className={styles.mfaCard}>
        <Result
          status="success"
          title="动态验证码绑定成功"
          subTitle="以下 10 个恢复码只显示这一次。手机丢失时，每个恢复码可代替动态验证码使用一次，请抄写或打印后妥善保管。"
        />
        <ol className={styles.recovery} aria-label="恢复码">
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <Button type="primary" block onClick={() => void qc.invalidateQueries({ queryKey: MFA_STATE_KEY })}>
          我已保存恢复码，进入后台
        </Button>
      </Card>
    );

  return (
    <Card className={styles.mfaCard}>
      <Typography.Paragraph>
        首次进入运营管理后台需要绑定动态验证码：用手机上的身份验证器（如 Microsoft Authenticator、Google Authenticator
        或企业微信的动态口令）扫描二维码，或手动输入密钥，再输入应用显示的 6 位数字。
      </Typography.Paragraph>
      {enrol.isPending && <Spin tip="正在生成二维码…" />}
      {enrol.isError && <Alert type="error" showIcon title={errorText(enrol.error)} />}
      {enrol.data && (
        <>
          <img className={styles.qr} src={enrol.data.qrDataUrl} alt="动态验证码绑定二维码" width={220} height={220} />
          <Typography.Paragraph>
            密钥：
            <Typography.Text code copyable data-testid="mfa-secret">
              {enrol.data.secret}
            </Typography.Text>
          </Typography.Paragraph>
          <Form
            layout="vertical"
            aria-label="绑定动态验证码"
            onFinish={(v: { code: string }) =>
              confirm.mutate({ code: v.code }, { onSuccess: (r) => setCodes(r.recoveryCodes) })
            }
          >
            <Form.Item
              name="code"
              label="动态验证码"
              rules={[requiredRule('请输入 6 位动态验证码'), zodRule(consoleMfaConfirmBody.shape.code)]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
            {confirm.isError && <Alert className={styles.gap} type="error" showIcon title={errorText(confirm.error)} />}
            <Button type="primary" htmlType="submit" block loading={confirm.isPending}>
              确认绑定
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}
