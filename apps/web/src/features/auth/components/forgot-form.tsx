/**
 * 找回密码: phone, image captcha + SMS code (purpose `reset`), new password and confirmation.
 * The server ends every session of the user; the page then offers password login.
 */
import { Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useResetPassword } from '../api/reset-password';
import { useCaptcha } from '../hooks/use-captcha';
import { placeServerError } from '../utils/server-error';
import { rules } from '../utils/rules';
import { CaptchaInput } from './captcha-input';
import { FormAlert } from './form-alert';
import { SmsCodeInput } from './sms-code-input';
import styles from './auth.module.css';

interface Values {
  phone: string;
  captchaCode: string;
  smsCode: string;
  password: string;
  confirm: string;
}

export function ForgotForm({ onDone }: { onDone: (phone: string) => void }) {
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ phone: values.phone.trim(), smsCode: values.smsCode, password: values.password });
      onDone(values.phone.trim());
    } catch (error) {
      const place = placeServerError(error);
      if (place.field && place.field !== 'captchaCode')
        form.setFields([{ name: place.field as keyof Values, errors: [place.msg] }]);
      else setFormError(place.msg);
    }
  };

  return (
    <Form
      form={form}
      size="large"
      onFinish={onFinish}
      onValuesChange={() => setFormError(null)}
      aria-label="找回密码"
      className={styles.form}
    >
      <Form.Item name="phone" rules={rules.phone}>
        <Input
          prefix={<MobileOutlined className={styles.prefixIcon} />}
          placeholder="注册时使用的手机号"
          inputMode="numeric"
          maxLength={11}
          autoComplete="tel"
          aria-label="手机号"
        />
      </Form.Item>
      <Form.Item name="captchaCode">
        <CaptchaInput captcha={captcha} />
      </Form.Item>
      <Form.Item name="smsCode" rules={rules.smsCode}>
        <SmsCodeInput purpose="reset" captcha={captcha} onFormError={setFormError} />
      </Form.Item>
      <Form.Item name="password" rules={rules.newPassword} extra="8-64 位，须同时包含字母和数字">
        <Input.Password
          prefix={<LockOutlined className={styles.prefixIcon} />}
          placeholder="新密码"
          autoComplete="new-password"
          aria-label="新密码"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={rules.confirm(() => form.getFieldValue('password'))}>
        <Input.Password
          prefix={<LockOutlined className={styles.prefixIcon} />}
          placeholder="确认新密码"
          autoComplete="new-password"
          aria-label="确认新密码"
          maxLength={64}
        />
      </Form.Item>
      <FormAlert message={formError} />
      <Button type="primary" htmlType="submit" block loading={reset.isPending} className={styles.submit}>
        重置密码
      </Button>
    </Form>
  );
}
