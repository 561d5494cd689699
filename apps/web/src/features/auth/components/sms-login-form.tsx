/** 短信登录: phone, image captcha to send the code, SMS code (purpose `login`; docs/accounts.md). */
import type { LoginData } from '@eav/contract';
import { Form } from 'antd';
import { useSmsLoginSubmit } from '../hooks/use-auth-calls';
import { PhoneCaptchaSmsFields } from './auth-fields';
import { AuthForm } from './auth-form';

interface Values {
  phone: string;
  captchaCode: string;
  smsCode: string;
}

export function SmsLoginForm({ onSuccess }: { onSuccess: (data: LoginData) => Promise<void> }) {
  const [form] = Form.useForm<Values>();
  const submit = useSmsLoginSubmit(form, onSuccess);
  return (
    <AuthForm form={form} label="短信登录" submit={submit} submitText="登录">
      <PhoneCaptchaSmsFields purpose="login" onFormError={submit.setFormError} />
    </AuthForm>
  );
}
