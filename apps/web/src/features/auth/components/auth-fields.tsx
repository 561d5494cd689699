/**
 * Field groups shared by the desktop accounts forms: phone + image captcha + SMS code (with the
 * 60 s resend countdown), and a new password with its confirmation.
 */
import type { SmsPurpose } from '@eav/contract';
import { Form, Input } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { useCaptcha } from '../hooks/use-captcha';
import { rules } from '../utils/rules';
import { CaptchaInput } from './captcha-input';
import { SmsCodeInput } from './sms-code-input';
import styles from './auth.module.css';

/**
 * Fields `phone` (left out when `fixedPhone` is given), `captchaCode`, `smsCode` and the hidden
 * `smsTicket` the send fills in. The group owns its image captcha, which is only spent by sending
 * the code.
 */
export function PhoneCaptchaSmsFields({
  purpose,
  phonePlaceholder = '手机号',
  fixedPhone,
  size,
  onFormError,
}: {
  purpose: SmsPurpose;
  phonePlaceholder?: string;
  /** Phone to send to instead of a phone field (e.g. the logged-in user's own). */
  fixedPhone?: string;
  size?: 'large' | 'middle';
  /** Called with a form-level message (e.g. daily limit reached). */
  onFormError: (msg: string) => void;
}) {
  const captcha = useCaptcha();
  const form = Form.useFormInstance();
  return (
    <>
      {fixedPhone === undefined && (
        <Form.Item name="phone" rules={rules.phone}>
          <Input
            prefix={<MobileOutlined className={styles.prefixIcon} />}
            placeholder={phonePlaceholder}
            inputMode="numeric"
            maxLength={11}
            autoComplete="tel"
            aria-label="手机号"
          />
        </Form.Item>
      )}
      {/* The captcha is checked when the code is sent, not on submit. */}
      <Form.Item name="captchaCode">
        <CaptchaInput captcha={captcha} size={size} />
      </Form.Item>
      <Form.Item name="smsTicket" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="smsCode" rules={rules.smsCodeWithTicket(() => form.getFieldValue('smsTicket'))}>
        <SmsCodeInput
          purpose={purpose}
          captcha={captcha}
          fixedPhone={fixedPhone}
          onFormError={onFormError}
          size={size}
        />
      </Form.Item>
    </>
  );
}

/** Fields `password` (the password policy) and `confirm`; `label` names the first, e.g. 新密码. */
export function NewPasswordFields({ label, confirmLabel }: { label: string; confirmLabel: string }) {
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item name="password" rules={rules.newPassword} extra="8-64 位，须同时包含字母和数字">
        <Input.Password
          prefix={<LockOutlined className={styles.prefixIcon} />}
          placeholder={label}
          autoComplete="new-password"
          aria-label={label}
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={rules.confirm(() => form.getFieldValue('password'))}>
        <Input.Password
          prefix={<LockOutlined className={styles.prefixIcon} />}
          placeholder={confirmLabel}
          autoComplete="new-password"
          aria-label={confirmLabel}
          maxLength={64}
        />
      </Form.Item>
    </>
  );
}
