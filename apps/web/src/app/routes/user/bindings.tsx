/** `/user/bindings` 账号绑定 (docs/identity.md, 账号绑定): the user's WeChat, 之江汇 and 教育魔方 bindings. */
import { useSession } from '@/stores/session';
import styles from '@/features/user/components/user.module.css';
import { BindingsList } from '@/features/identity/components/desktop/bindings-list';
import { useNoReferrer } from '@/features/identity/hooks/use-no-referrer';

export default function UserBindingsRoute() {
  useNoReferrer();
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <section className={styles.card} aria-label="账号绑定">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>账号绑定</h2>
      </div>
      <p style={{ color: '#4e5969', marginTop: 0 }}>
        绑定第三方账号后，可以用它们直接登录本平台；每种方式只能绑定一个账号。
      </p>
      <BindingsList userId={user.userId} />
    </section>
  );
}
