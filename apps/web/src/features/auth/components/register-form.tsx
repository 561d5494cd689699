/**
 * 注册: identity (学生/教师), phone, image captcha + SMS code (purpose `register`), user name,
 * password and its confirmation (issue 3). Platform WEB is added by the call.
 */
import type { Identity, LoginData } from '@eav/contract';
import { Button, Form, Input, Radio } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useRegister } from '../api/register';
import { useCaptcha } from '../hooks/use-captcha';
import { placeServerError } from '../utils/server-error';
import { rules } from '../utils/rules';
import { CaptchaInput } from './captcha-input';
import { FormAlert } from './form-alert';
import { SmsCodeInput } from './sms-code-input';
import styles from './auth.module.css';

interface Values {
  identity: Identity;
  phone: string;
  captchaCode: string;
  smsCode: string;
  userName: string;
  password: string;
  confirm: string;
}

export function RegisterForm({ onSuccess }: { onSuccess: (data: LoginData) => Promise<void> }) {
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setFormError(null);
    try {
      const data = await register.mutateAsync({
        identity: values.identity,
        phone: values.phone.trim(),
        smsCode: values.smsCode,
        userName: values.userName.trim(),
        password: values.password,
      });
      await onSuccess(data);
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
      initialValues={{ identity: 'student' }}
      aria-label="注册"
      className={styles.form}
    >
      <Form.Item name="identity" rules={rules.identity}>
        <Radio.Group optionType="button" buttonStyle="solid" block aria-label="身份">
          <Radio.Button value="student">我是学生</Radio.Button>
          <Radio.Button value="teacher">我是教师</Radio.Button>
        </Radio.Group>
      </Form.Item>
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
      <Form.Item name="captchaCode">
        <CaptchaInput captcha={captcha} />
      </Form.Item>
      <Form.Item name="smsCode" rules={rules.smsCode}>
        <SmsCodeInput purpose="register" captcha={captcha} onFormError={setFormError} />
      </Form.Item>
      <Form.Item name="userName" rules={rules.userName} extra="2-20 位中文、字母、数字或下划线，不能为纯数字">
        <Input
          prefix={<UserOutlined className={styles.prefixIcon} />}
          placeholder="用户名"
          autoComplete="nickname"
          aria-label="用户名"
          maxLength={20}
        />
      </Form.Item>
      <Form.Item name="password" rules={rules.newPassword} extra="8-64 位，须同时包含字母和数字">
        <Input.Password
          prefix={<LockOutlined className={styles.prefixIcon} />}
          placeholder="设置密码"
          autoComplete="new-password"
          aria-label="设置密码"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={rules.confirm(() => form.getFieldValue('password'))}>
        <Input.Password
          prefix={<LockOutlined className={styles.prefixIcon} />}
          placeholder="确认密码"
          autoComplete="new-password"
          aria-label="确认密码"
          maxLength={64}
        />
      </Form.Item>
      <FormAlert message={formError} />
      <Button type="primary" htmlType="submit" block loading={register.isPending} className={styles.submit}>
        注册并登录
      </Button>
    </Form>
  );
}
