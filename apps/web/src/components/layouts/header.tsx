/**
 * Desktop header (docs/product.md §2, Header): logo → /, the menu in the order of the product rules with the
 * 数字教材 hover dropdown, the selection from `selectedMenuKey` (clicking the selected entry does
 * nothing), and the user area: 登录 / 注册 when logged out; avatar, name and a dropdown when logged
 * in (教学后台 only when the permission check allowed it). Any click elsewhere closes the dropdown.
 */
import {
  DesktopOutlined,
  DownOutlined,
  LogoutOutlined,
  ReadOutlined,
  SolutionOutlined,
  UserOutlined,
  FolderOpenOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Dropdown, type MenuProps } from 'antd';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout as endSession } from '@/api/logout';
import { Logo } from '@/components/ui/logo';
import { loginPath, paths } from '@/config/paths';
import { site } from '@/config/site';
import { openSafe, safeHref } from '@/lib/safe-url';
import { useSession } from '@/stores/session';
import { useBackOffice } from './back-office-context';
import { useClassServerJump } from './class-server-context';
import { MENU, selectedMenuKey, selectedTextbookChild } from './menu';

export const DEFAULT_AVATAR = '/avatar-default.svg';

export function Header() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const selected = selectedMenuKey(pathname);
  const selectedChild = selectedTextbookChild(pathname);

  /** Spec 2: clicking the already selected entry does nothing. */
  const guard = (active: boolean) => (e: MouseEvent) => {
    if (active) e.preventDefault();
  };

  return (
    <header className="eav-header" data-testid="site-header">
      <div className="eav-container eav-header__inner">
        <Link
          to={paths.home}
          className="eav-header__logo"
          // The name starts with the visible word mark (WCAG 2.5.3, label in name).
          aria-label={`${site.platformName}，返回首页`}
          onClick={guard(pathname === paths.home)}
        >
          <Logo />
        </Link>
        <nav className="eav-nav" aria-label="主导航">
          {MENU.map((entry) => {
            const active = entry.key === selected;
            const link = (
              <Link
                to={entry.to}
                className={`eav-nav__item${active ? ' is-active' : ''}`}
                aria-current={active ? 'page' : undefined}
                data-menu-key={entry.key}
                onClick={guard(active)}
              >
                {entry.label}
                {entry.children && <DownOutlined className="eav-nav__caret" />}
              </Link>
            );
            if (!entry.children) return <span key={entry.key}>{link}</span>;
            const items: MenuProps['items'] = entry.children.map((c) => ({ key: c.key, label: c.label }));
            return (
              <Dropdown
                key={entry.key}
                placement="bottom"
                classNames={{ root: 'eav-nav__dropdown' }}
                menu={{
                  items,
                  selectable: true,
                  selectedKeys: selectedChild ? [selectedChild] : [],
                  onClick: ({ key }) => {
                    const child = entry.children?.find((c) => c.key === key);
                    if (child && child.to !== pathname) void navigate(child.to);
                  },
                }}
              >
                {link}
              </Dropdown>
            );
          })}
        </nav>
        <UserArea />
      </div>
    </header>
  );
}

function UserArea() {
  const user = useSession((s) => s.user);
  if (!user) {
    return (
      <div className="eav-auth" data-testid="auth-links">
        <Link to={loginPath('login')} className="eav-auth__login">
          登录
        </Link>
        <Link to={loginPath('register')} className="eav-auth__register">
          注册
        </Link>
      </div>
    );
  }
  return <UserMenu userId={user.userId} userName={user.userName} avatar={user.avatar ?? null} />;
}

function UserMenu({ userId, userName, avatar }: { userId: number; userName: string; avatar: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Checked again here: whatever provides the address, only https or an in-app path is opened.
  const backOffice = safeHref(useBackOffice(userId));
  // Teachers only (docs/product.md §7, Class-server jump); the provider decides.
  const classServer = useClassServerJump(userId);

  async function logout() {
    await endSession(queryClient);
    void navigate(paths.home);
  }

  const items: MenuProps['items'] = [
    { key: 'user', icon: <UserOutlined />, label: '个人中心' },
    { key: 'myBook', icon: <ReadOutlined />, label: '我的教材' },
    { key: 'resource', icon: <FolderOpenOutlined />, label: '我的资源' },
    ...(backOffice ? [{ key: 'backOffice', icon: <SolutionOutlined />, label: '教学后台' }] : []),
    ...(classServer ? [{ key: 'classServer', icon: <DesktopOutlined />, label: '课堂服务' }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'user') void navigate(paths.user);
    else if (key === 'myBook') void navigate(paths.myBook);
    else if (key === 'resource') void navigate(paths.resource);
    else if (key === 'backOffice') openSafe(backOffice);
    else if (key === 'classServer') void classServer?.();
    else if (key === 'logout') void logout();
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick }}
      classNames={{ root: 'eav-user__dropdown' }}
    >
      <button type="button" className="eav-user" data-testid="user-menu">
        <img
          className="eav-user__avatar"
          src={avatar || DEFAULT_AVATAR}
          alt=""
          width={32}
          height={32}
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) e.currentTarget.src = DEFAULT_AVATAR;
          }}
        />
        <span className="eav-user__name">{userName}</span>
        <DownOutlined className="eav-user__caret" />
      </button>
    </Dropdown>
  );
}
