/** 账号登录: account (phone or user name), password and image captcha. */
import type { LoginData } from '@eav/contract';
import { Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { usePasswordLoginSubmit } from '../hooks/use-auth-calls';
import { useCaptcha } from '../hooks/use-captcha';
import { rules } from '../utils/rules';
import { AuthForm } from './auth-form';
import { CaptchaInput } from './captcha-input';
import styles from './auth.module.css';

interface Values {
  account: string;
  password: string;
  captchaCode: string;
}

export function AccountLoginForm({
  initialAccount,
  onSuccess,
}: {
  initialAccount?: string;
  onSuccess: (data: LoginData) => Promise<void>;
}) {
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const submit = usePasswordLoginSubmit(form, captcha, onSuccess);

  return (
    <AuthForm
      form={form}
      label="账号登录"
      submit={submit}
      submitText="登录"
      initialValues={{ account: initialAccount ?? '' }}
    >
      <Form.Item name="account" rules={rules.account}>
        <Input
          prefix={<UserOutlined className={styles.prefixIcon} />}
          placeholder="手机号 / 用户名"
          autoComplete="username"
          aria-label="手机号或用户名"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="password" rules={rules.password}>
        <Input.Password
          prefix={<LockOutlined className={styles.prefixIcon} />}
          placeholder="密码"
          autoComplete="current-password"
          aria-label="密码"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="captchaCode" rules={rules.captchaCode}>
        <CaptchaInput captcha={captcha} />
      </Form.Item>
    </AuthForm>
  );
}
