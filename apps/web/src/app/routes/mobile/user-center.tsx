/**
 * H5 `/mobileH5/userCenter` (我的, docs/product.md §2): the profile, my textbooks, my resources
 * (favourites), my homework and classes (智慧教学), account bindings, 学习记录 (我的笔记, 浏览记录),
 * settings and log out. A visitor gets a login prompt. antd-mobile only; the pieces come from their features.
 */
import { maskPhone } from '@eav/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, List, Tag, Toast } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { Link, useNavigate } from 'react-router';
import { logout } from '@/api/logout';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { errorMessage } from '@/lib/error-message';
import { isTeacher, useSession } from '@/stores/session';
import { useBindings } from '@/features/identity/api/get-bindings';
import { useUnbind } from '@/features/identity/api/unbind';
import { IDENTITY_OPTIONS, PROVIDER_LABELS } from '@/features/identity/utils/labels';
import { useMyResources } from '@/features/resources/api/get-my-resources';
import { MobileResourceItem } from '@/features/resources/components/mobile/mobile-resource-item';
import { useMyTextbooks } from '@/features/textbooks/api/get-my-textbooks';
import { MobileHomeworkSummary } from '@/features/teaching/components/mobile/homework-summary';
import styles from '@/features/teaching/components/mobile/mobile.module.css';
import { ROW_ACTION_ROW, RowLink } from '@/components/ui/row-action';

function LoginPrompt() {
  const navigate = useNavigate();
  return (
    <section className={`${styles.section} ${styles.prompt}`} aria-labelledby="uc-login-title">
      <UserOutline fontSize={44} color="#1459e0" aria-hidden />
      <h2 id="uc-login-title">登录后查看个人中心</h2>
      <p>登录后可以查看我的教材、我的资源、我的作业和班级。</p>
      <Button
        color="primary"
        block
        onClick={() => navigate(`${paths.mobile.login}?redirect=${encodeURIComponent(paths.mobile.userCenter)}`)}
      >
        登录
      </Button>
      <Button block fill="none" style={{ marginTop: 8 }} onClick={() => navigate(paths.mobile.register)}>
        注册新账号
      </Button>
    </section>
  );
}

function MyTextbooks() {
  const q = useMyTextbooks();
  const items = q.data?.items ?? [];
  return (
    <section className={styles.section} aria-labelledby="uc-books">
      <div className={styles.sectionHead}>
        <h2 id="uc-books" className={styles.sectionTitle}>
          我的教材{q.data ? `（${q.data.total}）` : ''}
        </h2>
        <Link className={styles.sectionLink} to={paths.mobile.activation}>
          激活教材
        </Link>
      </div>
      {q.isPending ? (
        <DotLoading />
      ) : q.isError ? (
        <p className={styles.hint}>{errorMessage(q.error, '教材加载失败')}</p>
      ) : items.length === 0 ? (
        <p className={styles.hint}>还没有激活的教材，输入教材激活码即可阅读完整教材。</p>
      ) : (
        <ul className={styles.books} data-testid="uc-textbooks">
          {items.map(({ textbook: b, progress }) => (
            <li key={b.id}>
              <Link className={styles.book} to={`${paths.mobile.browseBook}?id=${b.id}`}>
                <img src={b.coverUrl} alt="" loading="lazy" width={86} height={114} />
                <span className={styles.bookTitle}>{b.title}</span>
                {progress && <span className={styles.rowMeta}>读到第 {progress.page} 页</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MyResources() {
  const q = useMyResources('favorites', 1);
  const items = q.data?.items.slice(0, 5) ?? [];
  return (
    <section className={styles.section} aria-labelledby="uc-resources">
      <div className={styles.sectionHead}>
        <h2 id="uc-resources" className={styles.sectionTitle}>
          我的资源 · 收藏{q.data ? `（${q.data.total}）` : ''}
        </h2>
        <Link className={styles.sectionLink} to={paths.mobile.downloadZone}>
          下载专区
        </Link>
      </div>
      {q.isPending ? (
        <DotLoading />
      ) : q.isError ? (
        <p className={styles.hint}>{errorMessage(q.error, '资源加载失败')}</p>
      ) : items.length === 0 ? (
        <p className={styles.hint}>还没有收藏的资源，在电脑端同步资源中点“收藏”即可在这里看到。</p>
      ) : (
        <ul className={styles.list}>
          {items.map((f) => (
            <MobileResourceItem key={f.resource.id} resource={f.resource} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Bindings({ userId }: { userId: number }) {
  const q = useBindings(userId);
  const unbind = useUnbind(userId);
  return (
    <section className={styles.section} aria-labelledby="uc-bindings">
      <h2 id="uc-bindings" className={styles.sectionTitle}>
        账号绑定
      </h2>
      {q.isPending ? (
        <DotLoading />
      ) : q.isError ? (
        <p className={styles.hint}>{errorMessage(q.error, '绑定信息加载失败')}</p>
      ) : (
        <ul className={styles.list}>
          {q.data.items.map((item) => (
            <li key={item.provider} className={styles.row} data-testid={`uc-binding-${item.provider}`}>
              <div className={styles.rowBody}>
                <p className={styles.rowTitle}>
                  {PROVIDER_LABELS[item.provider]}{' '}
                  {item.bound ? <Tag color="success">已绑定</Tag> : <Tag color="default">未绑定</Tag>}
                </p>
                <span className={styles.rowMeta}>
                  {item.bound ? (item.displayName ?? '已绑定') : '可在电脑端“个人中心 > 账号绑定”中绑定'}
                </span>
              </div>
              {item.bound && (
                <Button
                  size="small"
                  color="danger"
                  fill="outline"
                  loading={unbind.isPending && unbind.variables === item.provider}
                  onClick={() =>
                    void Dialog.confirm({
                      content: `确定解除${PROVIDER_LABELS[item.provider]}绑定吗？解除后将不能再用该方式登录本账号。`,
                      confirmText: '解除绑定',
                      cancelText: '取消',
                      onConfirm: () =>
                        unbind.mutateAsync(item.provider).then(
                          () => void Toast.show({ icon: 'success', content: '已解除绑定' }),
                          (e: unknown) => void Toast.show({ icon: 'fail', content: errorMessage(e, '解除绑定失败') }),
                        ),
                    })
                  }
                >
                  解除
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function MobileUserCenterRoute() {
  const user = useSession((s) => s.user);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (!user)
    return (
      <div className={styles.page}>
        <h1 className={styles.hero} style={{ margin: 0, fontSize: 19 }}>
          我的
        </h1>
        <LoginPrompt />
      </div>
    );

  const identity =
    IDENTITY_OPTIONS.find((o) => o.value === user.identity)?.label ?? (isTeacher(user) ? '教师' : '用户');
  const doLogout = () =>
    void Dialog.confirm({
      content: '确定退出登录吗？',
      confirmText: '退出登录',
      cancelText: '取消',
      onConfirm: async () => {
        await logout(queryClient);
        navigate(paths.mobile.home, { replace: true });
      },
    });

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <span className={styles.avatar} aria-hidden>
          {user.avatar ? <img src={user.avatar} alt="" /> : user.userName.slice(0, 1)}
        </span>
        <div>
          <h1 className={styles.heroName} data-testid="uc-name">
            {user.userName}
          </h1>
          <p className={styles.heroMeta}>
            {identity}
            {user.phone ? ` · ${maskPhone(user.phone)}` : ''}
          </p>
        </div>
      </header>

      <MobileHomeworkSummary teacher={isTeacher(user)} />
      <MyTextbooks />
      <MyResources />
      <Bindings userId={user.userId} />

      <section className={styles.section} aria-labelledby="uc-study" style={{ padding: 0 }}>
        <h2 id="uc-study" className={styles.sectionTitle} style={{ padding: '12px 12px 0' }}>
          学习记录
        </h2>
        <List>
          <List.Item className={ROW_ACTION_ROW} description="阅读时添加的书签、划线和笔记" arrow>
            <RowLink to={paths.mobile.notes}>我的笔记</RowLink>
          </List.Item>
          <List.Item className={ROW_ACTION_ROW} description="最近阅读和观看的内容" arrow>
            <RowLink to={paths.mobile.history}>浏览记录</RowLink>
          </List.Item>
        </List>
      </section>

      <section className={styles.section} aria-labelledby="uc-settings" style={{ padding: 0 }}>
        <h2 id="uc-settings" className={styles.sectionTitle} style={{ padding: '12px 12px 0' }}>
          设置
        </h2>
        <List>
          <List.Item className={ROW_ACTION_ROW} description="通过手机验证码重设" arrow>
            <RowLink to={paths.mobile.forget}>修改密码</RowLink>
          </List.Item>
          <List.Item className={ROW_ACTION_ROW} arrow>
            <RowLink to={paths.mobile.joinClass}>加入班级</RowLink>
          </List.Item>
          <List.Item extra={site.contact.hotline}>客服热线</List.Item>
        </List>
      </section>

      <div style={{ margin: 12 }}>
        <Button block color="danger" fill="outline" onClick={doLogout} data-testid="uc-logout">
          退出登录
        </Button>
      </div>
    </div>
  );
}
