/**
 * 找回密码: phone, image captcha + SMS code (purpose `reset`), new password and confirmation.
 * The server ends every session of the user; the page then offers password login.
 */
import { Form } from 'antd';
import { useResetSubmit } from '../hooks/use-auth-calls';
import { NewPasswordFields, PhoneCaptchaSmsFields } from './auth-fields';
import { AuthForm } from './auth-form';

interface Values {
  phone: string;
  captchaCode: string;
  smsCode: string;
  password: string;
  confirm: string;
}

export function ForgotForm({ onDone }: { onDone: (phone: string) => void }) {
  const [form] = Form.useForm<Values>();
  const submit = useResetSubmit(form, onDone);

  return (
    <AuthForm form={form} label="找回密码" submit={submit} submitText="重置密码">
      <PhoneCaptchaSmsFields purpose="reset" phonePlaceholder="注册时使用的手机号" onFormError={submit.setFormError} />
      <NewPasswordFields label="新密码" confirmLabel="确认新密码" />
    </AuthForm>
  );
}
