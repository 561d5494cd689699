/** `/mobileH5/forget` (docs/product.md §2): H5 password reset by SMS code; then back to password login. */
import { Toast } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { MobileAuthFrame } from '@/features/auth/components/mobile/mobile-auth-frame';
import { MobileForgetForm } from '@/features/auth/components/mobile/mobile-forms';
import styles from '@/features/auth/components/mobile/mobile.module.css';

export default function MobileForgetRoute() {
  const navigate = useNavigate();
  return (
    <MobileAuthFrame
      title="找回密码"
      subtitle="通过注册手机号接收验证码并设置新密码"
      footer={
        <div className={styles.links}>
          <span />
          <Link to={paths.mobile.login}>返回登录</Link>
        </div>
      }
    >
      <MobileForgetForm
        onDone={() => {
          Toast.show({ icon: 'success', content: '密码已重置，请重新登录' });
          void navigate(paths.mobile.login, { replace: true });
        }}
      />
    </MobileAuthFrame>
  );
}
