/** `/user`: profile view, edit and completion, plus account security (password, 注销账号). */
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { CancelAccountDialog } from '@/features/auth/components/cancel-account-dialog';
import { ProfileView } from '@/features/user/components/profile-view';
import styles from '@/features/user/components/user.module.css';

export default function UserProfileRoute() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const [cancelOpen, setCancelOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <ProfileView userId={user.userId} />
      <section className={styles.card} aria-label="账号安全">
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>账号安全</h2>
        </div>
        <div className={styles.dangerRow}>
          <div className={styles.dangerText}>
            <strong>登录密码</strong>
            <span>定期修改密码可以提高账号安全性</span>
          </div>
          <Button onClick={() => void navigate(paths.userPassword)}>修改密码</Button>
        </div>
        <div className={styles.dangerRow}>
          <div className={styles.dangerText}>
            <strong>注销账号</strong>
            <span>注销后个人信息将被删除且无法恢复</span>
          </div>
          <Button danger onClick={() => setCancelOpen(true)}>
            注销账号
          </Button>
        </div>
      </section>
      <CancelAccountDialog open={cancelOpen} phone={user.phone ?? null} onClose={() => setCancelOpen(false)} />
    </>
  );
}
