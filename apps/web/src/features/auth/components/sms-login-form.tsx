/** 短信登录: phone, image captcha to send the code, SMS code (purpose `login`; issue 3). */
import type { LoginData } from '@eav/contract';
import { Button, Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useLogin } from '../api/login';
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
}

export function SmsLoginForm({ onSuccess }: { onSuccess: (data: LoginData) => Promise<void> }) {
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setFormError(null);
    try {
      const data = await login.mutateAsync({ phone: values.phone.trim(), smsCode: values.smsCode });
      await onSuccess(data);
    } catch (error) {
      const place = placeServerError(error);
      if (place.field === 'smsCode' || place.field === 'phone')
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
      aria-label="短信登录"
      className={styles.form}
    >
      <Form.Item name="phone" rules={rules.phone}>
        <Input
          prefix={<MobileOutlined className={styles.prefixIcon} />}
          placeholder="手机号"
          inputMode="numeric"
          maxLength={11}
          autoComplete="tel"
          aria-label="手机号"
        />
      </Form.Item>
      {/* The captcha is checked when the code is sent, not on submit. */}
      <Form.Item name="captchaCode">
        <CaptchaInput captcha={captcha} />
      </Form.Item>
      <Form.Item name="smsCode" rules={rules.smsCode}>
        <SmsCodeInput purpose="login" captcha={captcha} onFormError={setFormError} />
      </Form.Item>
      <FormAlert message={formError} />
      <Button type="primary" htmlType="submit" block loading={login.isPending} className={styles.submit}>
        登录
      </Button>
    </Form>
  );
}
