/** `/user/notes` 我的笔记: the user's marks across books, in the desktop user centre (docs/reader.md, 我的笔记 pages). */
import { useSession } from '@/stores/session';
import styles from '@/features/user/components/user.module.css';
import { MyNotes } from '@/features/reader/components/my-notes';

export default function UserNotesRoute() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <MyNotes
      userId={user.userId}
      cardClassName={styles.card}
      headClassName={styles.cardHead}
      titleClassName={styles.cardTitle}
    />
  );
}
