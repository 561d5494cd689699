/**
 * `/mobileH5/login` (docs/product.md §2): H5 password login; links to SMS login, register and
 * forgot-password, and the 微信 / 之江汇 / 教育魔方 entries (docs/identity.md). A logged-in visitor is
 * sent on to `redirect` or the H5 home; `wxError=denied` says the WeChat authorisation was cancelled.
 */
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { MobileAuthFrame } from '@/features/auth/components/mobile/mobile-auth-frame';
import { MobilePasswordLoginForm } from '@/features/auth/components/mobile/mobile-forms';
import styles from '@/features/auth/components/mobile/mobile.module.css';
import { safeRedirect, useCompleteLogin } from '@/features/auth/hooks/use-complete-login';
import { withQuery } from '@/features/auth/utils/with-query';
import { ThirdPartyEntries } from '@/features/identity/components/mobile/third-party-entries';
import { useSession } from '@/stores/session';
import { useRef } from 'react';

export default function MobileLoginRoute() {
  const [search] = useSearchParams();
  const completeLogin = useCompleteLogin(paths.mobile.home);
  const user = useSession((s) => s.user);
  // A login finishing on this page navigates itself; only a visitor who arrives logged in is sent on.
  const arrivedLoggedIn = useRef(!!user);
  const redirect = safeRedirect(search.get('redirect'), paths.mobile.home);
  if (user && arrivedLoggedIn.current) return <Navigate to={redirect} replace />;
  return (
    <MobileAuthFrame
      title="账号登录"
      subtitle="使用手机号或用户名登录"
      footer={
        <>
          <div className={styles.links}>
            <Link to={withQuery(paths.mobile.phoneLogin, search)}>短信验证码登录</Link>
            <Link to={paths.mobile.forget}>忘记密码</Link>
            <Link to={withQuery(paths.mobile.register, search)}>注册账号</Link>
          </div>
          <ThirdPartyEntries redirect={redirect} />
        </>
      }
    >
      {search.get('wxError') === 'denied' && (
        <div className={styles.error} role="alert">
          您已取消微信授权，可使用其他方式登录
        </div>
      )}
      <MobilePasswordLoginForm onSuccess={(data) => completeLogin(data, search.get('redirect'))} />
    </MobileAuthFrame>
  );
}
