/**
 * The guardian step of a browse-only pupil on the desktop (antd; docs/privacy.md, Guardians): why
 * the account is limited, the guardian's phone and SMS code, the guardian's tick, then full access.
 */
import { Alert, App, Button, Checkbox, Form, Input, Result } from 'antd';
import { MessageOutlined, MobileOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { PrivacyLink } from '@/components/policy-links';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/stores/session';
import { useGuardianConsent, useGuardianStatus } from '../api/guardian';
import { rules } from '../utils/rules';
import { GUARDIAN_CONSENT_TEXT, GUARDIAN_WHY, guardianTime } from './guardian-text';
import { useGuardianCode } from './use-guardian-code';
import styles from './guardian.module.css';

interface Values {
  phone: string;
  smsCode: string;
  agreed?: boolean;
}

export function GuardianConsentForm() {
  const userId = useSession((s) => s.user?.userId ?? null);
  const status = useGuardianStatus(userId);
  if (userId === null) return <Alert type="info" showIcon title="请先登录学生账号" />;
  if (!status.data) return null;
  if (!status.data.guardianRequired)
    return (
      <Result
        status="success"
        title={status.data.guardianPhone ? '监护人已同意' : '你的账号无需监护人同意'}
        subTitle={
          status.data.guardianPhone
            ? `监护人手机号 ${status.data.guardianPhone}，同意时间 ${guardianTime(status.data.consentedAt)}`
            : undefined
        }
        extra={
          <Link to={paths.home}>
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    );
  return <ConsentSteps userId={userId} />;
}

function ConsentSteps({ userId }: { userId: number }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const code = useGuardianCode();
  const consent = useGuardianConsent(userId);
  const [formError, setFormError] = useState('');

  const send = async () => {
    const problem = await code.send(String(form.getFieldValue('phone') ?? ''));
    if (problem) form.setFields([{ name: 'phone', errors: [problem] }]);
    else void message.success('验证码已发送到监护人手机，请注意查收');
  };
  const submit = async (v: Values) => {
    setFormError('');
    if (!code.ticket) return form.setFields([{ name: 'smsCode', errors: ['请先获取短信验证码'] }]);
    try {
      await consent.mutateAsync({ phone: v.phone.trim(), smsCode: v.smsCode, smsTicket: code.ticket });
      void message.success('监护人已同意，账号已可正常使用');
    } catch (error) {
      setFormError(errorMessage(error, '提交失败，请稍后重试'));
    }
  };

  return (
    <div className={styles.steps}>
      <Alert type="warning" showIcon title="需要监护人同意" description={GUARDIAN_WHY} />
      <ol className={styles.howTo}>
        <li>请家长在身边，填写家长（监护人）的手机号并获取验证码；</li>
        <li>家长阅读《隐私政策》，勾选同意并填写收到的验证码；</li>
        <li>提交后账号即可正常使用。</li>
      </ol>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="guardian-consent-form">
        <Form.Item name="phone" label="监护人手机号" rules={rules.phone}>
          <Input
            prefix={<MobileOutlined />}
            placeholder="家长的手机号（不能是你自己的注册手机号）"
            inputMode="numeric"
            maxLength={11}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item label="短信验证码" required>
          <div className={styles.inline}>
            <Form.Item name="smsCode" rules={rules.smsCode} noStyle>
              <Input
                prefix={<MessageOutlined />}
                placeholder="监护人收到的 6 位验证码"
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                aria-label="短信验证码"
              />
            </Form.Item>
            <Button onClick={() => void send()} loading={code.sending} disabled={code.left > 0}>
              {code.left > 0 ? `${code.left} 秒后重发` : '获取验证码'}
            </Button>
          </div>
        </Form.Item>
        <Form.Item
          name="agreed"
          valuePropName="checked"
          rules={[
            {
              validator: async (_r, value) => {
                if (value !== true) throw new Error('请监护人阅读并勾选同意');
              },
            },
          ]}
        >
          <Checkbox data-testid="guardian-agree">{GUARDIAN_CONSENT_TEXT}</Checkbox>
        </Form.Item>
        <p className={styles.note}>
          阅读 <PrivacyLink newTab />
          。同意记录将保存监护人手机号（脱敏显示）、同意时间与政策版本；监护人可随时在
          <Link to={paths.guardian}>监护人页面</Link>查看孩子账号的信息或申请删除。
        </p>
        {formError && <Alert type="error" showIcon title={formError} className={styles.error} />}
        <Button type="primary" htmlType="submit" size="large" block loading={consent.isPending}>
          监护人同意
        </Button>
      </Form>
    </div>
  );
}
