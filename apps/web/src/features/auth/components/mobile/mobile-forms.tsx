/**
 * H5 accounts forms (antd-mobile; issue 3): password login, SMS login, register and forgot-password,
 * with the same calls, contract rules and server messages as the desktop forms.
 */
import type { Identity, LoginData } from '@eav/contract';
import { Button, Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useLogin } from '../../api/login';
import { useRegister } from '../../api/register';
import { useResetPassword } from '../../api/reset-password';
import { useCaptcha } from '../../hooks/use-captcha';
import { placeServerError } from '../../utils/server-error';
import { rules } from '../../utils/rules';
import { MobileFormError } from './mobile-auth-frame';
import { MobileCaptchaInput, MobileSmsCodeInput } from './mobile-code-inputs';
import styles from './mobile.module.css';

type OnSuccess = (data: LoginData) => Promise<void>;

function SubmitButton({ loading, children }: { loading: boolean; children: string }) {
  return (
    <div className={styles.actions}>
      <Button block type="submit" color="primary" size="large" loading={loading}>
        {children}
      </Button>
    </div>
  );
}

export function MobilePasswordLoginForm({ onSuccess }: { onSuccess: OnSuccess }) {
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (v: { account: string; password: string; captchaCode: string }) => {
    setFormError(null);
    try {
      await onSuccess(
        await login.mutateAsync({
          account: v.account.trim(),
          password: v.password,
          captchaKey: captcha.key,
          captchaCode: v.captchaCode,
        }),
      );
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
      layout="horizontal"
      mode="card"
      onFinish={onFinish}
      onValuesChange={() => setFormError(null)}
      footer={<SubmitButton loading={login.isPending}>登录</SubmitButton>}
    >
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
      <MobileFormError message={formError} />
    </Form>
  );
}

export function MobileSmsLoginForm({ onSuccess }: { onSuccess: OnSuccess }) {
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (v: { phone: string; smsCode: string }) => {
    setFormError(null);
    try {
      await onSuccess(await login.mutateAsync({ phone: v.phone.trim(), smsCode: v.smsCode }));
    } catch (error) {
      const place = placeServerError(error);
      if (place.field === 'smsCode' || place.field === 'phone')
        form.setFields([{ name: place.field, errors: [place.msg] }]);
      else setFormError(place.msg);
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      mode="card"
      onFinish={onFinish}
      onValuesChange={() => setFormError(null)}
      footer={<SubmitButton loading={login.isPending}>登录</SubmitButton>}
    >
      <Form.Item name="phone" rules={rules.phone}>
        <Input
          placeholder="手机号"
          clearable
          inputMode="numeric"
          maxLength={11}
          autoComplete="tel"
          aria-label="手机号"
        />
      </Form.Item>
      <Form.Item name="captchaCode">
        <MobileCaptchaInput captcha={captcha} />
      </Form.Item>
      <Form.Item name="smsCode" rules={rules.smsCode}>
        <MobileSmsCodeInput form={form} purpose="login" captcha={captcha} onFormError={setFormError} />
      </Form.Item>
      <MobileFormError message={formError} />
    </Form>
  );
}

interface RegisterValues {
  identity: Identity[];
  phone: string;
  smsCode: string;
  userName: string;
  password: string;
}

export function MobileRegisterForm({ onSuccess }: { onSuccess: OnSuccess }) {
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (v: RegisterValues) => {
    setFormError(null);
    try {
      const data = await register.mutateAsync({
        identity: v.identity[0] ?? 'student',
        phone: v.phone.trim(),
        smsCode: v.smsCode,
        userName: v.userName.trim(),
        password: v.password,
      });
      await onSuccess(data);
    } catch (error) {
      const place = placeServerError(error);
      if (place.field && place.field !== 'captchaCode') form.setFields([{ name: place.field, errors: [place.msg] }]);
      else setFormError(place.msg);
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      mode="card"
      initialValues={{ identity: ['student'] }}
      onFinish={onFinish}
      onValuesChange={() => setFormError(null)}
      footer={<SubmitButton loading={register.isPending}>注册并登录</SubmitButton>}
    >
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
      <Form.Item name="phone" rules={rules.phone}>
        <Input
          placeholder="手机号"
          clearable
          inputMode="numeric"
          maxLength={11}
          autoComplete="tel"
          aria-label="手机号"
        />
      </Form.Item>
      <Form.Item name="captchaCode">
        <MobileCaptchaInput captcha={captcha} />
      </Form.Item>
      <Form.Item name="smsCode" rules={rules.smsCode}>
        <MobileSmsCodeInput form={form} purpose="register" captcha={captcha} onFormError={setFormError} />
      </Form.Item>
      <Form.Item name="userName" rules={rules.userName}>
        <Input
          placeholder="用户名（2-20 位，不能为纯数字）"
          clearable
          autoComplete="nickname"
          aria-label="用户名"
          maxLength={20}
        />
      </Form.Item>
      <Form.Item name="password" rules={rules.newPassword}>
        <Input
          type="password"
          placeholder="设置密码（8 位以上字母加数字）"
          clearable
          autoComplete="new-password"
          aria-label="设置密码"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={rules.confirm(() => form.getFieldValue('password'))}>
        <Input
          type="password"
          placeholder="确认密码"
          clearable
          autoComplete="new-password"
          aria-label="确认密码"
          maxLength={64}
        />
      </Form.Item>
      <MobileFormError message={formError} />
    </Form>
  );
}

export function MobileForgetForm({ onDone }: { onDone: (phone: string) => void }) {
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (v: { phone: string; smsCode: string; password: string }) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ phone: v.phone.trim(), smsCode: v.smsCode, password: v.password });
      onDone(v.phone.trim());
    } catch (error) {
      const place = placeServerError(error);
      if (place.field === 'phone' || place.field === 'smsCode' || place.field === 'password')
        form.setFields([{ name: place.field, errors: [place.msg] }]);
      else setFormError(place.msg);
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      mode="card"
      onFinish={onFinish}
      onValuesChange={() => setFormError(null)}
      footer={<SubmitButton loading={reset.isPending}>重置密码</SubmitButton>}
    >
      <Form.Item name="phone" rules={rules.phone}>
        <Input
          placeholder="注册时使用的手机号"
          clearable
          inputMode="numeric"
          maxLength={11}
          autoComplete="tel"
          aria-label="手机号"
        />
      </Form.Item>
      <Form.Item name="captchaCode">
        <MobileCaptchaInput captcha={captcha} />
      </Form.Item>
      <Form.Item name="smsCode" rules={rules.smsCode}>
        <MobileSmsCodeInput form={form} purpose="reset" captcha={captcha} onFormError={setFormError} />
      </Form.Item>
      <Form.Item name="password" rules={rules.newPassword}>
        <Input
          type="password"
          placeholder="新密码（8 位以上字母加数字）"
          clearable
          autoComplete="new-password"
          aria-label="新密码"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={rules.confirm(() => form.getFieldValue('password'))}>
        <Input
          type="password"
          placeholder="确认新密码"
          clearable
          autoComplete="new-password"
          aria-label="确认新密码"
          maxLength={64}
        />
      </Form.Item>
      <MobileFormError message={formError} />
    </Form>
  );
}
