/** `/mobileH5/phoneLogin` (docs/product.md §2): H5 login by phone and SMS code. */
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { MobileAuthFrame } from '@/features/auth/components/mobile/mobile-auth-frame';
import { MobileSmsLoginForm } from '@/features/auth/components/mobile/mobile-forms';
import styles from '@/features/auth/components/mobile/mobile.module.css';
import { useCompleteLogin } from '@/features/auth/hooks/use-complete-login';
import { withQuery } from '@/features/auth/utils/with-query';

export default function MobilePhoneLoginRoute() {
  const [search] = useSearchParams();
  const completeLogin = useCompleteLogin(paths.mobile.home);
  return (
    <MobileAuthFrame
      title="短信登录"
      subtitle="未注册的手机号请先注册"
      footer={
        <div className={styles.links}>
          <Link to={withQuery(paths.mobile.login, search)}>账号密码登录</Link>
          <Link to={withQuery(paths.mobile.register, search)}>注册账号</Link>
        </div>
      }
    >
      <MobileSmsLoginForm onSuccess={(data) => completeLogin(data, search.get('redirect'))} />
    </MobileAuthFrame>
  );
}
