/**
 * User-centre frame (docs/product.md §2: /user with profile, avatar, password): side menu with the user's
 * avatar and name, content on the right; on narrow screens the menu becomes a horizontal bar.
 */
import { Grid, Menu } from 'antd';
import { KeyOutlined, PictureOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { UserAvatar } from './user-avatar';
import styles from './user.module.css';

const ITEMS = [
  { key: paths.user, icon: <UserOutlined />, label: '个人资料' },
  { key: paths.userAvatar, icon: <PictureOutlined />, label: '修改头像' },
  { key: paths.userPassword, icon: <KeyOutlined />, label: '修改密码' },
];

/** `extraItems`: entries other features add after the three above (keys are their paths). */
export function UserCentreLayout({
  children,
  extraItems = [],
}: {
  children: ReactNode;
  extraItems?: NonNullable<MenuProps['items']>;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  // Same breakpoint as the stylesheet (lg, 992 px): below it the menu runs across the top.
  const narrow = !Grid.useBreakpoint().lg;

  return (
    <div className={styles.page}>
      {/* The pages title their cards with h2; the centre itself is the page's h1. */}
      <h1 className="eav-visually-hidden">个人中心</h1>
      <div className={styles.layout}>
        <nav className={styles.side} aria-label="个人中心菜单">
          <div className={styles.sideUser}>
            <UserAvatar src={user?.avatar} size={72} />
            <div className={styles.sideName}>{user?.userName}</div>
          </div>
          <Menu
            className={styles.sideMenu}
            mode={narrow ? 'horizontal' : 'inline'}
            selectedKeys={[pathname]}
            items={[...ITEMS, ...extraItems]}
            onClick={({ key }) => key !== pathname && void navigate(key)}
          />
        </nav>
        <div className={styles.content}>{children}</div>
      </div>
    </div>
  );
}
