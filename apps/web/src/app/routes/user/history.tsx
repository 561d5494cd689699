/** `/user/history` 浏览记录: what the user opened, in the desktop user centre (docs/api.md, 浏览记录). */
import { useSession } from '@/stores/session';
import styles from '@/features/user/components/user.module.css';
import { DesktopHistory } from '@/features/history/components/desktop-history';

export default function UserHistoryRoute() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <DesktopHistory
      userId={user.userId}
      cardClassName={styles.card}
      headClassName={styles.cardHead}
      titleClassName={styles.cardTitle}
    />
  );
}
