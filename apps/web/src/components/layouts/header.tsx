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
  MenuOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Drawer, Dropdown, Menu, type MenuProps } from 'antd';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout as endSession } from '@/api/logout';
import { Logo } from '@/components/ui/logo';
import { loginPath, paths } from '@/config/paths';
import { openSafe, safeHref } from '@/lib/safe-url';
import { useSession } from '@/stores/session';
import { useBackOffice } from './back-office-context';
import { useClassServerJump } from './class-server-context';
import { MENU, selectedMenuKey, selectedTextbookChild } from './menu';
import { useNavDrawer } from './nav-drawer';

export const DEFAULT_AVATAR = '/avatar-default.svg';

export function Header() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const selected = selectedMenuKey(pathname);
  const selectedChild = selectedTextbookChild(pathname);
  const drawer = useNavDrawer(pathname);

  return (
    <header className="eav-header" data-testid="site-header">
      <div className="eav-container eav-header__inner">
        <Link to={paths.home} className="eav-header__logo" onClick={guard(pathname === paths.home)}>
          {/* Named by what it shows, the word mark and the slogan where it is shown, then where it
              leads (WCAG 2.5.3, label in name): no aria-label that could drift from the text. */}
          <Logo />
          <span className="eav-visually-hidden">，返回首页</span>
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
        <button
          type="button"
          className="eav-header__menu-button"
          aria-label="打开导航菜单"
          aria-haspopup="dialog"
          aria-expanded={drawer.open}
          data-testid="nav-menu-button"
          onClick={drawer.show}
        >
          <MenuOutlined aria-hidden />
        </button>
      </div>
      <Drawer
        open={drawer.open}
        onClose={drawer.close}
        title="导航菜单"
        placement="right"
        size="min(320px, 86vw)"
        closable={{ 'aria-label': '关闭导航菜单' }}
        rootClassName="eav-nav-drawer"
      >
        <DrawerNav pathname={pathname} onNavigate={drawer.close} />
      </Drawer>
    </header>
  );
}

/** Spec 2: clicking the already selected entry does nothing. */
function guard(active: boolean) {
  return (e: MouseEvent) => {
    if (active) e.preventDefault();
  };
}

/**
 * The drawer's content: the menu entries as plain links (Tab moves through them; the current page is
 * marked with aria-current and the same colour and bar as the menu row), 数字教材's dropdown as a
 * labelled sub-list, then the user area, which the narrow header row has no room for.
 */
function DrawerNav({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const selected = selectedMenuKey(pathname);
  const selectedChild = selectedTextbookChild(pathname);
  const user = useSession((s) => s.user);

  const link = (to: string, label: string, active: boolean, key?: string) => (
    <Link
      to={to}
      className={`eav-drawer-nav__item${active ? ' is-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      data-menu-key={key}
      onClick={(e) => {
        guard(active)(e);
        onNavigate();
      }}
    >
      {label}
    </Link>
  );

  return (
    <>
      <nav className="eav-drawer-nav" aria-label="主导航">
        <ul className="eav-drawer-nav__list">
          {MENU.map((entry) => (
            <li key={entry.key}>
              {entry.children ? (
                <>
                  <span
                    id={`eav-drawer-nav-${entry.key}`}
                    className={`eav-drawer-nav__group${entry.key === selected ? ' is-active' : ''}`}
                  >
                    {entry.label}
                  </span>
                  <ul className="eav-drawer-nav__sublist" aria-labelledby={`eav-drawer-nav-${entry.key}`}>
                    {entry.children.map((c) => (
                      <li key={c.key}>{link(c.to, c.label, c.key === selectedChild, c.key)}</li>
                    ))}
                  </ul>
                </>
              ) : (
                link(entry.to, entry.label, entry.key === selected, entry.key)
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="eav-drawer-nav__account">
        {user ? (
          <DrawerUserMenu
            userId={user.userId}
            userName={user.userName}
            avatar={user.avatar ?? null}
            onNavigate={onNavigate}
          />
        ) : (
          <div className="eav-auth" data-testid="drawer-auth-links">
            <Link to={loginPath('login')} className="eav-auth__login" onClick={onNavigate}>
              登录
            </Link>
            <Link to={loginPath('register')} className="eav-auth__register" onClick={onNavigate}>
              注册
            </Link>
          </div>
        )}
      </div>
    </>
  );
}

function DrawerUserMenu({
  userId,
  userName,
  avatar,
  onNavigate,
}: {
  userId: number;
  userName: string;
  avatar: string | null;
  onNavigate: () => void;
}) {
  const { items, onClick } = useUserMenu(userId);
  return (
    <>
      <div className="eav-drawer-nav__user">
        <Avatar src={avatar} />
        <span className="eav-user__name">{userName}</span>
      </div>
      <Menu
        mode="inline"
        selectable={false}
        items={items}
        aria-label="账号菜单"
        onClick={(info) => {
          onNavigate();
          onClick?.(info);
        }}
      />
    </>
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

/** The user dropdown's entries and their actions, shared by the header's dropdown and the drawer. */
function useUserMenu(userId: number): { items: MenuProps['items']; onClick: MenuProps['onClick'] } {
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
  return { items, onClick };
}

function Avatar({ src }: { src: string | null }) {
  return (
    <img
      className="eav-user__avatar"
      src={src || DEFAULT_AVATAR}
      alt=""
      width={32}
      height={32}
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) e.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}

function UserMenu({ userId, userName, avatar }: { userId: number; userName: string; avatar: string | null }) {
  const menu = useUserMenu(userId);
  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={menu} classNames={{ root: 'eav-user__dropdown' }}>
      <button type="button" className="eav-user" data-testid="user-menu">
        <Avatar src={avatar} />
        <span className="eav-user__name">{userName}</span>
        <DownOutlined className="eav-user__caret" />
      </button>
    </Dropdown>
  );
}
