/**
 * H5 accounts forms (antd-mobile; docs/accounts.md): password login, SMS login, register and forgot-password,
 * with the same calls, contract rules and server messages as the desktop forms.
 */
import type { LoginData } from '@eav/contract';
import { Checkbox, Form, Input, Selector } from 'antd-mobile';
import { PrivacyLink, TermsLink } from '@/components/policy-links';
import {
  usePasswordLoginSubmit,
  useRegisterSubmit,
  useResetSubmit,
  useSmsLoginSubmit,
} from '../../hooks/use-auth-calls';
import { useCaptcha } from '../../hooks/use-captcha';
import { rules } from '../../utils/rules';
import { MobileCaptchaInput } from './mobile-code-inputs';
import { MobileAuthForm, MobileNewPasswordFields, MobilePhoneCaptchaSmsFields } from './mobile-auth-fields';
import styles from './mobile.module.css';

type OnSuccess = (data: LoginData) => Promise<void>;

export function MobilePasswordLoginForm({ onSuccess }: { onSuccess: OnSuccess }) {
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const submit = usePasswordLoginSubmit(form, captcha, onSuccess);

  return (
    <MobileAuthForm form={form} submit={submit} submitText="登录">
      <Form.Item name="account" rules={rules.account}>
        <Input
          placeholder="手机号 / 用户名"
          clearable
          autoComplete="username"
          aria-label="手机号或用户名"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="password" rules={rules.password}>
        <Input
          type="password"
          placeholder="密码"
          clearable
          autoComplete="current-password"
          aria-label="密码"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="captchaCode" rules={rules.captchaCode}>
        <MobileCaptchaInput captcha={captcha} />
      </Form.Item>
    </MobileAuthForm>
  );
}

export function MobileSmsLoginForm({ onSuccess }: { onSuccess: OnSuccess }) {
  const [form] = Form.useForm();
  const submit = useSmsLoginSubmit(form, onSuccess);
  return (
    <MobileAuthForm form={form} submit={submit} submitText="登录">
      <MobilePhoneCaptchaSmsFields form={form} purpose="login" onFormError={submit.setFormError} />
    </MobileAuthForm>
  );
}

/**
 * `withIdentity={false}` leaves the 学生 / 教师 choice out: a new account made to bind a third-party
 * login chooses its identity on the next screen (selectIdentity, docs/identity.md).
 */
export function MobileRegisterForm({
  onSuccess,
  withIdentity = true,
}: {
  onSuccess: OnSuccess;
  withIdentity?: boolean;
}) {
  const [form] = Form.useForm();
  const submit = useRegisterSubmit(form, onSuccess);

  return (
    <MobileAuthForm
      form={form}
      submit={submit}
      submitText="注册并登录"
      initialValues={withIdentity ? { identity: ['student'] } : undefined}
    >
      {withIdentity && (
        <Form.Item
          name="identity"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择身份' }]}
          className={styles.identity}
        >
          <Selector
            columns={2}
            options={[
              { label: '我是学生', value: 'student' },
              { label: '我是教师', value: 'teacher' },
            ]}
          />
        </Form.Item>
      )}
      <Form.Item noStyle dependencies={['identity']}>
        {() =>
          (form.getFieldValue('identity') as string[] | undefined)?.[0] !== 'teacher' && (
            <Form.Item
              name="birthYear"
              rules={rules.birthYear}
              description="未满 14 周岁的学生注册后，需监护人短信验证同意后才能使用全部功能"
            >
              <Input
                placeholder="出生年份（4 位数字，如 2014）"
                inputMode="numeric"
                maxLength={4}
                clearable
                aria-label="出生年份"
              />
            </Form.Item>
          )
        }
      </Form.Item>
      <MobilePhoneCaptchaSmsFields form={form} purpose="register" onFormError={submit.setFormError} />
      <Form.Item name="userName" rules={rules.userName}>
        <Input
          placeholder="用户名（2-20 位，不能为纯数字）"
          clearable
          autoComplete="nickname"
          aria-label="用户名"
          maxLength={20}
        />
      </Form.Item>
      <MobileNewPasswordFields form={form} label="设置密码" confirmLabel="确认密码" />
      <Form.Item name="consent" valuePropName="checked" rules={rules.consent} className={styles.consent}>
        <Checkbox aria-label="我已阅读并同意《用户服务协议》与《隐私政策》" data-testid="register-consent">
          我已阅读并同意
        </Checkbox>
      </Form.Item>
      <p className={styles.consentLinks}>
        <TermsLink mobile newTab />与<PrivacyLink mobile newTab />
      </p>
    </MobileAuthForm>
  );
}

export function MobileForgetForm({ onDone }: { onDone: (phone: string) => void }) {
  const [form] = Form.useForm();
  const submit = useResetSubmit(form, onDone);
  return (
    <MobileAuthForm form={form} submit={submit} submitText="重置密码">
      <MobilePhoneCaptchaSmsFields
        form={form}
        purpose="reset"
        phonePlaceholder="注册时使用的手机号"
        onFormError={submit.setFormError}
      />
      <MobileNewPasswordFields form={form} label="新密码" confirmLabel="确认新密码" />
    </MobileAuthForm>
  );
}
