/**
 * SMS-code input for desktop forms with the "获取验证码" button and its 60 s countdown. Sending
 * first validates the phone field and the captcha answer (field `captchaCode`, which carries no
 * submit rule) of the surrounding form; failures are shown on the field they concern.
 */
import { captchaCodeField, LIMITS, type SmsPurpose } from '@eav/contract';
import { App, Button, Form, Input } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import type { CaptchaState } from '../hooks/use-captcha';
import { useSmsSender } from '../hooks/use-sms-sender';
import styles from './auth.module.css';

interface Props {
  purpose: SmsPurpose;
  captcha: CaptchaState;
  /** Name of the phone field in the form (default `phone`). */
  phoneField?: string;
  /** Phone to send to when the form has no phone field (e.g. the logged-in user's own). */
  fixedPhone?: string;
  /** Called with a form-level message (e.g. daily limit reached). */
  onFormError?: (msg: string) => void;
  value?: string;
  onChange?: (value: string) => void;
  size?: 'large' | 'middle';
}

export function SmsCodeInput({
  purpose,
  captcha,
  phoneField = 'phone',
  fixedPhone,
  onFormError,
  value,
  onChange,
  size = 'large',
}: Props) {
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  const sender = useSmsSender(purpose, captcha);

  const onSend = async () => {
    if (!fixedPhone) {
      try {
        await form.validateFields([phoneField]);
      } catch {
        return;
      }
    }
    // The captcha is checked here rather than on submit: it is spent by the send.
    const captchaCode = String(form.getFieldValue('captchaCode') ?? '').trim();
    const checked = captchaCodeField.safeParse(captchaCode);
    if (!checked.success) {
      form.setFields([
        {
          name: 'captchaCode',
          errors: [captchaCode ? (checked.error.issues[0]?.message ?? '图形验证码不正确') : '请先输入图形验证码'],
        },
      ]);
      return;
    }
    const phone = fixedPhone ?? (form.getFieldValue(phoneField) as string).trim();
    const failure = await sender.send(phone, captchaCode);
    form.setFieldValue('captchaCode', '');
    if (!failure) {
      message.success('验证码已发送，请注意查收短信');
      return;
    }
    const field = failure.field === 'phone' && !fixedPhone ? phoneField : failure.field;
    if (field === phoneField || field === 'captchaCode') form.setFields([{ name: field, errors: [failure.msg] }]);
    else onFormError?.(failure.msg);
  };

  return (
    <div className={styles.inline}>
      <Input
        size={size}
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, ''))}
        maxLength={LIMITS.smsCode.length}
        inputMode="numeric"
        placeholder="短信验证码"
        prefix={<MessageOutlined className={styles.prefixIcon} />}
        autoComplete="one-time-code"
        aria-label="短信验证码"
      />
      <Button
        size={size}
        className={styles.sendButton}
        onClick={onSend}
        loading={sender.sending}
        disabled={sender.left > 0}
      >
        {sender.left > 0 ? `${sender.left} 秒后重发` : '获取验证码'}
      </Button>
    </div>
  );
}
