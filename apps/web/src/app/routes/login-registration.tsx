/**
 * `/loginRegistration?loginStep=1|0&redirect=…` (docs/product.md §2; docs/accounts.md): login, register and
 * forgot-password. After success the user is stored and the browser goes to `redirect` or home.
 * A logged-in visitor without a pending redirect is sent home. The login card also offers 微信登录
 * (QR) and the 之江汇 / 教育魔方 buttons (docs/identity.md); `wxError=denied` says the WeChat
 * authorisation was cancelled.
 */
import { Alert } from 'antd';
import { useSearchParams, Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { AuthPanel, type AuthMode } from '@/features/auth/components/auth-panel';
import { BrandPanel } from '@/features/auth/components/brand-panel';
import { useCompleteLogin, safeRedirect } from '@/features/auth/hooks/use-complete-login';
import styles from '@/features/auth/components/auth.module.css';
import { ThirdPartyButtons } from '@/features/identity/components/desktop/third-party-buttons';
import { WechatQrLogin } from '@/features/identity/components/desktop/wechat-qr-login';
import { useState } from 'react';

export default function LoginRegistrationRoute() {
  const [search, setSearch] = useSearchParams();
  const redirect = search.get('redirect');
  const step = search.get('loginStep') === '0' ? 'register' : 'login';
  const [forgot, setForgot] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const user = useSession((s) => s.user);
  const completeLogin = useCompleteLogin(paths.home);
  const wxDenied = search.get('wxError') === 'denied';
  const target = safeRedirect(redirect, paths.home);

  // Already logged in (e.g. the back button after login): nothing to do here.
  if (user && !finishing) return <Navigate to={target} replace />;

  const mode: AuthMode = forgot ? 'forgot' : step;
  const onModeChange = (next: AuthMode) => {
    setForgot(next === 'forgot');
    if (next === 'forgot') return;
    const q = new URLSearchParams(search);
    q.set('loginStep', next === 'register' ? '0' : '1');
    setSearch(q, { replace: true });
  };

  return (
    <div className={styles.page}>
      <div className={styles.shell}>
        <BrandPanel />
        <AuthPanel
          initialTab={wxDenied ? 'wechat' : undefined}
          extraLoginTabs={[
            {
              key: 'wechat',
              label: '微信登录',
              children: (
                <>
                  {wxDenied && <Alert type="warning" showIcon title="您已取消微信授权，可重新扫码或使用其他方式登录" />}
                  <WechatQrLogin redirect={target} />
                </>
              ),
            },
          ]}
          loginFooter={<ThirdPartyButtons redirect={target} />}
          mode={mode}
          onModeChange={onModeChange}
          onSuccess={async (data) => {
            setFinishing(true);
            await completeLogin(data, redirect);
          }}
        />
      </div>
    </div>
  );
}
