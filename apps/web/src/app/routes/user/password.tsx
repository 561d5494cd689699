/** `/user/password`: change the password with the old one. */
import { useSession } from '@/stores/session';
import { PasswordForm } from '@/features/user/components/password-form';
import styles from '@/features/user/components/user.module.css';

export default function UserPasswordRoute() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <section className={styles.card} aria-label="修改密码">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>修改密码</h2>
      </div>
      <PasswordForm userId={user.userId} />
    </section>
  );
}
