/**
 * The desktop accounts card: login (tabs 账号登录 / 短信登录), register and forgot-password, with
 * links between them. `step` comes from the `loginStep` query (1 login, 0 register).
 */
import { PrivacyLink, TermsLink } from '@/components/policy-links';
import type { LoginData } from '@eav/contract';
import { Alert, Tabs, type TabsProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { AccountLoginForm } from './account-login-form';
import { ForgotForm } from './forgot-form';
import { RegisterForm } from './register-form';
import { SmsLoginForm } from './sms-login-form';
import styles from './auth.module.css';

export type AuthMode = 'login' | 'register' | 'forgot';

interface Props {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSuccess: (data: LoginData) => Promise<void>;
  /** Login tabs other features add after 账号登录 / 短信登录 (e.g. 微信登录). */
  extraLoginTabs?: NonNullable<TabsProps['items']>;
  /** Shown under the login form (e.g. the 之江汇 / 教育魔方 buttons). */
  loginFooter?: ReactNode;
  /** The login tab to open first. */
  initialTab?: string;
}

const TITLES: Record<AuthMode, [string, string]> = {
  login: ['欢迎登录', '登录后可使用个人中心、我的教材与我的资源'],
  register: ['注册账号', '使用手机号注册，学生与教师均可使用'],
  forgot: ['找回密码', '通过注册手机号接收验证码并设置新密码'],
};

export function AuthPanel({ mode, onModeChange, onSuccess, extraLoginTabs = [], loginFooter, initialTab }: Props) {
  const [tab, setTab] = useState<string>(initialTab ?? 'account');
  // After a reset the account field is prefilled and a confirmation is shown above the form.
  const [resetPhone, setResetPhone] = useState<string | null>(null);
  const [title, sub] = TITLES[mode];

  const go = (next: AuthMode) => {
    if (next !== 'login') setResetPhone(null);
    onModeChange(next);
  };

  return (
    <section className={styles.card} aria-label={title}>
      <h1 className={styles.cardTitle}>{title}</h1>
      <p className={styles.cardSub}>{sub}</p>

      {mode === 'login' && (
        <>
          {resetPhone && (
            <Alert type="success" showIcon title="密码已重置，请使用新密码登录" style={{ marginBottom: 16 }} />
          )}
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'account',
                label: '账号登录',
                children: (
                  <AccountLoginForm
                    key={resetPhone ?? ''}
                    initialAccount={resetPhone ?? undefined}
                    onSuccess={onSuccess}
                  />
                ),
              },
              { key: 'sms', label: '短信登录', children: <SmsLoginForm onSuccess={onSuccess} /> },
              ...extraLoginTabs,
            ]}
            destroyOnHidden
          />
          <div className={styles.links}>
            <button type="button" className={styles.linkButton} onClick={() => go('forgot')}>
              忘记密码？
            </button>
            <span>
              还没有账号？
              <button type="button" className={styles.linkButton} onClick={() => go('register')}>
                立即注册
              </button>
            </span>
          </div>
          {loginFooter}
        </>
      )}

      {mode === 'register' && (
        <>
          <RegisterForm onSuccess={onSuccess} />
          <div className={styles.links}>
            <span />
            <span>
              已有账号？
              <button type="button" className={styles.linkButton} onClick={() => go('login')}>
                直接登录
              </button>
            </span>
          </div>
        </>
      )}

      {mode === 'forgot' && (
        <>
          <ForgotForm
            onDone={(phone) => {
              setResetPhone(phone);
              setTab('account');
              onModeChange('login');
            }}
          />
          <div className={styles.links}>
            <span />
            <button type="button" className={styles.linkButton} onClick={() => go('login')}>
              返回登录
            </button>
          </div>
        </>
      )}

      <p className={styles.agreement}>
        平台
        <TermsLink />与<PrivacyLink />
        说明了我们如何收集、使用和保护您的个人信息
      </p>
    </section>
  );
}
