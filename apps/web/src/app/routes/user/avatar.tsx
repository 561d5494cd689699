/** `/user/avatar`: choose, crop and upload a new avatar. */
import { useSession } from '@/stores/session';
import { AvatarEditor } from '@/features/user/components/avatar-editor';
import styles from '@/features/user/components/user.module.css';

export default function UserAvatarRoute() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <section className={styles.card} aria-label="修改头像">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>修改头像</h2>
      </div>
      <AvatarEditor userId={user.userId} />
    </section>
  );
}
