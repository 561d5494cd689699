/** `/mobileH5/login` (docs/product.md §2): H5 password login; links to SMS login, register and forgot-password. */
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { MobileAuthFrame } from '@/features/auth/components/mobile/mobile-auth-frame';
import { MobilePasswordLoginForm } from '@/features/auth/components/mobile/mobile-forms';
import styles from '@/features/auth/components/mobile/mobile.module.css';
import { useCompleteLogin } from '@/features/auth/hooks/use-complete-login';
import { withQuery } from '@/features/auth/utils/with-query';

export default function MobileLoginRoute() {
  const [search] = useSearchParams();
  const completeLogin = useCompleteLogin(paths.mobile.home);
  return (
    <MobileAuthFrame
      title="账号登录"
      subtitle="使用手机号或用户名登录"
      footer={
        <div className={styles.links}>
          <Link to={withQuery(paths.mobile.phoneLogin, search)}>短信验证码登录</Link>
          <Link to={paths.mobile.forget}>忘记密码</Link>
          <Link to={withQuery(paths.mobile.register, search)}>注册账号</Link>
        </div>
      }
    >
      <MobilePasswordLoginForm onSuccess={(data) => completeLogin(data, search.get('redirect'))} />
    </MobileAuthFrame>
  );
}
