/**
 * H5 inputs for the image captcha and the SMS code (with the 60 s resend countdown); the send
 * (field checks, captcha, countdown, error placement) is `useSmsSender`.
 */
import { LIMITS, type SmsPurpose } from '@eav/contract';
import { Input, SpinLoading, Toast } from 'antd-mobile';
import type { FormInstance } from 'antd-mobile/es/components/form';
import type { CaptchaState } from '../../hooks/use-captcha';
import { useSmsSender } from '../../hooks/use-sms-sender';
import styles from './mobile.module.css';

export function MobileCaptchaInput({
  captcha,
  value,
  onChange,
}: {
  captcha: CaptchaState;
  value?: string;
  onChange?: (v: string) => void;
}) {
  return (
    <div className={styles.row}>
      <Input
        value={value}
        onChange={(v) => onChange?.(v.trim())}
        maxLength={LIMITS.captchaCode.length}
        placeholder="图形验证码"
        clearable
        aria-label="图形验证码"
      />
      <button
        type="button"
        className={styles.captcha}
        onClick={captcha.refresh}
        aria-label="刷新图形验证码"
        data-testid="captcha-image"
      >
        {captcha.loading ? (
          <SpinLoading style={{ '--size': '18px' }} />
        ) : captcha.src ? (
          <img src={captcha.src} alt="图形验证码" />
        ) : (
          (captcha.error ?? '点击获取')
        )}
      </button>
    </div>
  );
}

interface SmsProps {
  form: FormInstance;
  purpose: SmsPurpose;
  captcha: CaptchaState;
  onFormError: (msg: string) => void;
  value?: string;
  onChange?: (v: string) => void;
}

export function MobileSmsCodeInput({ form, purpose, captcha, onFormError, value, onChange }: SmsProps) {
  const sender = useSmsSender({
    form,
    purpose,
    captcha,
    onFormError,
    onSent: () => Toast.show({ content: '验证码已发送', position: 'center' }),
  });

  return (
    <div className={styles.row}>
      <Input
        value={value}
        onChange={(v) => onChange?.(v.replace(/\D/g, ''))}
        maxLength={LIMITS.smsCode.length}
        placeholder="短信验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        aria-label="短信验证码"
      />
      <button
        type="button"
        className={styles.send}
        onClick={() => void sender.send()}
        disabled={sender.sending || sender.left > 0}
      >
        {sender.sending ? '发送中…' : sender.left > 0 ? `${sender.left} 秒后重发` : '获取验证码'}
      </button>
    </div>
  );
}
