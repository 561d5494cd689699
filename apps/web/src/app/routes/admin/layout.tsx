/**
 * `/admin`: the operator console's lazy shell (docs/console.md), desktop only. Not logged in: to the
 * login page and back. A console role is required (else 无权访问); then the second factor — TOTP
 * enrolment on the first visit, a code (or a recovery code) on every new session — and then the
 * frame with the sections the roles open. The server decides all of it; this only follows.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin, Typography } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import type { AdminMe } from '@eav/contract';
import { logout } from '@/api/logout';
import { loginPath, paths } from '@/config/paths';
import { useAdminMe } from '@/features/console/api/admin-me';
import { useMfaState } from '@/features/console/api/mfa-state';
import { ConsoleFrame } from '@/features/console/components/console-frame';
import styles from '@/features/console/components/console.module.css';
import { MfaEnrol } from '@/features/console/components/mfa-enrol';
import { MfaVerify } from '@/features/console/components/mfa-verify';
import { needsMfa } from '@/features/console/lib/console-error';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';

/** What the sections read from the layout. */
export const useConsoleUser = () => useOutletContext<AdminMe>();

function Centered({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className={styles.mfaWrap}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {title}
      </Typography.Title>
      {children}
    </main>
  );
}

export default function ConsoleLayout() {
  const user = useSession((s) => s.user);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mfa = useMfaState(!!user);
  const me = useAdminMe(!!user && !!mfa.data?.verified);

  if (!user) return <Navigate to={loginPath('login', `${pathname}${search}`)} replace />;
  const signOut = () => void logout(qc).then(() => navigate(paths.home));

  if (mfa.isPending || (mfa.data?.verified && me.isPending))
    return (
      <Centered title="运营管理后台">
        <Spin tip="加载中…" />
      </Centered>
    );
  if (mfa.isError || me.isError) {
    const error = mfa.error ?? me.error;
    if (error instanceof ApiError && error.status === 404)
      return (
        <Centered title="无权访问运营管理后台">
          <Result
            status="403"
            subTitle="当前账号没有后台角色。如需开通，请联系超级管理员在“用户”中为您设置角色。"
            extra={<Button onClick={() => navigate(paths.home)}>返回门户</Button>}
          />
        </Centered>
      );
    if (needsMfa(error)) void qc.invalidateQueries({ queryKey: ['console', 'mfa'] });
    return (
      <Centered title="运营管理后台">
        <Result
          status="warning"
          title="加载失败"
          subTitle={error instanceof ApiError ? error.msg : '请稍后重试'}
          extra={<Button onClick={() => void qc.invalidateQueries({ queryKey: ['console'] })}>重试</Button>}
        />
      </Centered>
    );
  }
  if (!mfa.data.enrolled)
    return (
      <Centered title="绑定动态验证码">
        <MfaEnrol />
      </Centered>
    );
  if (!mfa.data.verified)
    return (
      <Centered title="输入动态验证码">
        <MfaVerify />
      </Centered>
    );
  return (
    <ConsoleFrame me={me.data!} onLogout={signOut}>
      <Outlet context={me.data} />
    </ConsoleFrame>
  );
}
