/** 账号登录: account (phone or user name), password and image captcha (issue 3). */
import type { LoginData } from '@eav/contract';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useLogin } from '../api/login';
import { useCaptcha } from '../hooks/use-captcha';
import { placeServerError } from '../utils/server-error';
import { rules } from '../utils/rules';
import { CaptchaInput } from './captcha-input';
import { FormAlert } from './form-alert';
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
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setFormError(null);
    try {
      const data = await login.mutateAsync({
        account: values.account.trim(),
        password: values.password,
        captchaKey: captcha.key,
        captchaCode: values.captchaCode,
      });
      await onSuccess(data);
    } catch (error) {
      const place = placeServerError(error);
      captcha.refresh();
      form.setFieldValue('captchaCode', '');
      if (place.field === 'captchaCode') form.setFields([{ name: 'captchaCode', errors: [place.msg] }]);
      else setFormError(place.msg);
    }
  };

  return (
    <Form
      form={form}
      size="large"
      onFinish={onFinish}
      onValuesChange={() => setFormError(null)}
      initialValues={{ account: initialAccount ?? '' }}
      aria-label="账号登录"
      className={styles.form}
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
      <FormAlert message={formError} />
      <Button type="primary" htmlType="submit" block loading={login.isPending} className={styles.submit}>
        登录
      </Button>
    </Form>
  );
}
