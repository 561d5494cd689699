/**
 * User-centre layout route (docs/product.md §2, §6): logged-in users only. A visitor arriving logged out is
 * sent to login with the current path as `redirect`. When the session ends while here, whoever
 * ended it navigates (log out → `/`, a 403 → login after 1 s, docs/product.md §4); a silent 401 (no redirect
 * by spec) leaves a prompt to log in again instead of a blank page.
 */
import { FormOutlined, HistoryOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useRef } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { loginPath, paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { UserCentreLayout } from '@/features/user/components/user-centre-layout';

/**
 * The 账号绑定 (docs/identity.md, 账号绑定), 浏览记录 (docs/api.md, 浏览记录) and 我的笔记 (docs/reader.md,
 * 我的笔记 pages) entries.
 */
const EXTRA_ITEMS = [
  { key: paths.userBindings, icon: <LinkOutlined />, label: '账号绑定' },
  { key: paths.userHistory, icon: <HistoryOutlined />, label: '浏览记录' },
  { key: paths.userNotes, icon: <FormOutlined />, label: '我的笔记' },
];

export default function UserLayoutRoute() {
  const user = useSession((s) => s.user);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const hadUser = useRef(!!user);
  if (!user) {
    if (!hadUser.current) return <Navigate to={loginPath('login', here)} replace />;
    return (
      <Result
        status="info"
        title="登录状态已失效"
        subTitle="请重新登录后继续使用个人中心"
        extra={
          <Link to={loginPath('login', here)}>
            <Button type="primary">重新登录</Button>
          </Link>
        }
        style={{ padding: '96px 24px' }}
      />
    );
  }
  hadUser.current = true;
  return (
    <UserCentreLayout extraItems={EXTRA_ITEMS}>
      <Outlet />
    </UserCentreLayout>
  );
}
