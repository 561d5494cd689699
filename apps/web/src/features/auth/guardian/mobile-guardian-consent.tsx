/**
 * The guardian step of a browse-only pupil on the phone (antd-mobile; docs/privacy.md, Guardians):
 * why the account is limited, the guardian's phone and SMS code, the guardian's tick.
 */
import { Button, Checkbox, Form, Input, Result, Toast } from 'antd-mobile';
import { Link } from 'react-router';
import { PrivacyLink } from '@/components/policy-links';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { useGuardianConsent, useGuardianStatus } from '../api/guardian';
import { MobileAuthForm } from '../components/mobile/mobile-auth-fields';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { rules } from '../utils/rules';
import { GUARDIAN_CONSENT_TEXT, GUARDIAN_WHY, guardianTime } from './guardian-text';
import { useGuardianCode } from './use-guardian-code';
import styles from './guardian-mobile.module.css';

interface Values {
  phone: string;
  smsCode: string;
  agreed?: boolean;
}

export function MobileGuardianConsent() {
  const userId = useSession((s) => s.user?.userId ?? null);
  const status = useGuardianStatus(userId);
  if (userId === null) return <p className={styles.note}>请先登录学生账号</p>;
  if (!status.data) return null;
  if (!status.data.guardianRequired)
    return (
      <Result
        status="success"
        title={status.data.guardianPhone ? '监护人已同意' : '你的账号无需监护人同意'}
        description={
          status.data.guardianPhone
            ? `监护人手机号 ${status.data.guardianPhone}，同意时间 ${guardianTime(status.data.consentedAt)}`
            : undefined
        }
      />
    );
  return <Steps userId={userId} />;
}

function Steps({ userId }: { userId: number }) {
  const [form] = Form.useForm<Values>();
  const code = useGuardianCode();
  const consent = useGuardianConsent(userId);
  const submit = useAuthSubmit<Values>(form, {
    fields: ['phone', 'smsCode'],
    submit: async (v) => {
      if (!code.ticket) return form.setFields([{ name: 'smsCode', errors: ['请先获取短信验证码'] }]);
      await consent.mutateAsync({ phone: v.phone.trim(), smsCode: v.smsCode, smsTicket: code.ticket });
      Toast.show({ icon: 'success', content: '监护人已同意' });
    },
  });
  const send = async () => {
    const problem = await code.send(String(form.getFieldValue('phone') ?? ''));
    if (problem) form.setFields([{ name: 'phone', errors: [problem] }]);
    else Toast.show({ content: '验证码已发送到监护人手机' });
  };
  return (
    <>
      <section className={`${styles.card} ${styles.why}`} aria-labelledby="guardian-why">
        <h2 id="guardian-why">需要监护人同意</h2>
        <p>{GUARDIAN_WHY}</p>
      </section>
      <section className={styles.card} aria-labelledby="guardian-how">
        <h2 id="guardian-how">如何完成</h2>
        <ol>
          <li>请家长在身边，填写家长的手机号并获取验证码；</li>
          <li>家长阅读《隐私政策》，勾选同意并填写验证码；</li>
          <li>提交后账号即可正常使用。</li>
        </ol>
      </section>
      <MobileAuthForm form={form} submit={{ ...submit, pending: consent.isPending }} submitText="监护人同意">
        <Form.Item name="phone" label="监护人手机号" rules={rules.phone}>
          <Input placeholder="家长的手机号" inputMode="numeric" maxLength={11} clearable aria-label="监护人手机号" />
        </Form.Item>
        <Form.Item
          name="smsCode"
          label="验证码"
          rules={rules.smsCode}
          extra={
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={() => void send()}
              loading={code.sending}
              disabled={code.left > 0}
            >
              {code.left > 0 ? `${code.left} 秒后重发` : '获取验证码'}
            </Button>
          }
        >
          <Input
            placeholder="6 位验证码"
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            aria-label="短信验证码"
          />
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
      </MobileAuthForm>
      <p className={styles.note}>
        阅读 <PrivacyLink mobile newTab />
        。监护人可随时在<Link to={paths.mobile.guardian}>监护人页面</Link>查看孩子账号的信息或申请删除。
      </p>
    </>
  );
}
