/**
 * Shell and field groups shared by the H5 accounts forms (antd-mobile): the card form with its
 * submit button and form-level error, phone + image captcha + SMS code (with the 60 s resend
 * countdown), and a new password with its confirmation.
 */
import type { SmsPurpose } from '@eav/contract';
import { Button, Form, Input, type FormProps } from 'antd-mobile';
import { useCaptcha } from '../../hooks/use-captcha';
import { rules } from '../../utils/rules';
import type { AuthFormShellProps } from '../auth-form';
import { MobileFormError } from './mobile-auth-frame';
import { MobileCaptchaInput, MobileSmsCodeInput } from './mobile-code-inputs';
import styles from './mobile.module.css';

type FormInstance = NonNullable<FormProps['form']>;

export function MobileAuthForm<V>({
  form,
  submit,
  submitText,
  initialValues,
  children,
}: AuthFormShellProps<V> & { form: FormInstance }) {
  return (
    <Form
      form={form}
      layout="horizontal"
      mode="card"
      initialValues={initialValues}
      onFinish={submit.onFinish}
      onValuesChange={() => submit.setFormError(null)}
      footer={
        <div className={styles.actions}>
          <Button block type="submit" color="primary" size="large" loading={submit.pending}>
            {submitText}
          </Button>
        </div>
      }
    >
      {children}
      <MobileFormError message={submit.formError} />
    </Form>
  );
}

/**
 * Fields `phone`, `captchaCode`, `smsCode` and the hidden `smsTicket` the send fills in; the group
 * owns its image captcha (spent by the send).
 */
export function MobilePhoneCaptchaSmsFields({
  form,
  purpose,
  phonePlaceholder = '手机号',
  onFormError,
}: {
  form: FormInstance;
  purpose: SmsPurpose;
  phonePlaceholder?: string;
  onFormError: (msg: string) => void;
}) {
  const captcha = useCaptcha();
  return (
    <>
      <Form.Item name="phone" rules={rules.phone}>
        <Input
          placeholder={phonePlaceholder}
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
      <Form.Item name="smsTicket" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="smsCode" rules={rules.smsCodeWithTicket(() => form.getFieldValue('smsTicket'))}>
        <MobileSmsCodeInput form={form} purpose={purpose} captcha={captcha} onFormError={onFormError} />
      </Form.Item>
    </>
  );
}

/** Fields `password` (the password policy) and `confirm`; `label` names the first, e.g. 新密码. */
export function MobileNewPasswordFields({
  form,
  label,
  confirmLabel,
}: {
  form: FormInstance;
  label: string;
  confirmLabel: string;
}) {
  return (
    <>
      <Form.Item name="password" rules={rules.newPassword}>
        <Input
          type="password"
          placeholder={`${label}（8 位以上字母加数字）`}
          clearable
          autoComplete="new-password"
          aria-label={label}
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={rules.confirm(() => form.getFieldValue('password'))}>
        <Input
          type="password"
          placeholder={confirmLabel}
          clearable
          autoComplete="new-password"
          aria-label={confirmLabel}
          maxLength={64}
        />
      </Form.Item>
    </>
  );
}
