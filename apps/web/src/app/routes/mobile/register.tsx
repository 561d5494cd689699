/** `/mobileH5/register` (docs/product.md §2): H5 registration; logs the new user in. */
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { MobileAuthFrame } from '@/features/auth/components/mobile/mobile-auth-frame';
import { MobileRegisterForm } from '@/features/auth/components/mobile/mobile-forms';
import styles from '@/features/auth/components/mobile/mobile.module.css';
import { useCompleteLogin } from '@/features/auth/hooks/use-complete-login';
import { withQuery } from '@/features/auth/utils/with-query';

export default function MobileRegisterRoute() {
  const [search] = useSearchParams();
  const completeLogin = useCompleteLogin(paths.mobile.home);
  return (
    <MobileAuthFrame
      title="注册账号"
      subtitle="学生与教师均可使用手机号注册"
      footer={
        <div className={styles.links}>
          <span>已有账号？</span>
          <Link to={withQuery(paths.mobile.login, search)}>去登录</Link>
        </div>
      }
    >
      <MobileRegisterForm onSuccess={(data) => completeLogin(data, search.get('redirect'))} />
    </MobileAuthFrame>
  );
}
