/**
 * SMS-code input for desktop forms with the "获取验证码" button and its 60 s countdown; the send
 * (field checks, captcha, countdown, error placement) is `useSmsSender`.
 */
import { LIMITS, type SmsPurpose } from '@eav/contract';
import { App, Button, Form, Input } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import type { CaptchaState } from '../hooks/use-captcha';
import { useSmsSender } from '../hooks/use-sms-sender';
import styles from './auth.module.css';

interface Props {
  purpose: SmsPurpose;
  captcha: CaptchaState;
  /** Phone to send to when the form has no phone field (e.g. the logged-in user's own). */
  fixedPhone?: string;
  /** Called with a form-level message (e.g. daily limit reached). */
  onFormError?: (msg: string) => void;
  value?: string;
  onChange?: (value: string) => void;
  size?: 'large' | 'middle';
}

export function SmsCodeInput({ purpose, captcha, fixedPhone, onFormError, value, onChange, size = 'large' }: Props) {
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  const sender = useSmsSender({
    form,
    purpose,
    captcha,
    fixedPhone,
    onFormError,
    onSent: () => void message.success('验证码已发送，请注意查收短信'),
  });

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
        onClick={sender.send}
        loading={sender.sending}
        disabled={sender.left > 0}
      >
        {sender.left > 0 ? `${sender.left} 秒后重发` : '获取验证码'}
      </Button>
    </div>
  );
}
