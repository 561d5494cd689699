/** Image-captcha input for desktop forms: the 4-character answer beside the image (click to refresh). */
import { LIMITS } from '@eav/contract';
import { Input, Spin } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import type { CaptchaState } from '../hooks/use-captcha';
import styles from './auth.module.css';

interface Props {
  captcha: CaptchaState;
  value?: string;
  onChange?: (value: string) => void;
  size?: 'large' | 'middle';
}

export function CaptchaInput({ captcha, value, onChange, size = 'large' }: Props) {
  return (
    <div className={styles.inline}>
      <Input
        size={size}
        value={value}
        onChange={(e) => onChange?.(e.target.value.trim())}
        maxLength={LIMITS.captchaCode.length}
        placeholder="图形验证码"
        prefix={<SafetyOutlined className={styles.prefixIcon} />}
        autoComplete="off"
        aria-label="图形验证码"
      />
      <button
        type="button"
        className={styles.captchaImage}
        onClick={captcha.refresh}
        title="看不清？点击换一张"
        aria-label="刷新图形验证码"
        data-testid="captcha-image"
      >
        {captcha.loading ? (
          <Spin size="small" />
        ) : captcha.src ? (
          <img src={captcha.src} alt="图形验证码" />
        ) : (
          <span className={styles.captchaError}>{captcha.error ?? '点击获取'}</span>
        )}
      </button>
    </div>
  );
}
