/**
 * `/bindAccount?provider=wechat|educube&redirect=` (docs/identity.md, Binding): the desktop bind
 * screen of a third-party login (微信 QR, 教育魔方) that found no bound account. It shows the external
 * account waiting, then logs in to an existing account or registers a new one, asks to confirm and
 * binds, the same flow and calls as the H5 bind screens (`bind-flow.tsx`), and returns to
 * `redirect`: the page that sent the person to log in.
 */
import type { ExternalProvider } from '@eav/contract';
import { App, Button, Card, Result, Skeleton, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginPath, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { AccountLoginForm } from '@/features/auth/components/account-login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import styles from '@/features/auth/components/auth.module.css';
import { safeRedirect } from '@/features/auth/hooks/use-complete-login';
import { useBindProfile } from '@/features/identity/api/get-bind-profile';
import { ExternalProfileCard } from '@/features/identity/components/mobile/external-profile-card';
import { useNoReferrer } from '@/features/identity/hooks/use-no-referrer';
import { PROVIDER_LABELS } from '@/features/identity/utils/labels';
import { latestPending } from '@/features/identity/utils/pending-binding';
import { useLoginThenBind, type BindPrompts } from '../bind-flow';

const PROVIDERS = new Set<string>(['wechat', 'educube']);

export default function BindAccountRoute() {
  useNoReferrer();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { key } = useLocation();
  const { modal, message } = App.useApp();
  const raw = search.get('provider') ?? '';
  const provider = PROVIDERS.has(raw) ? (raw as ExternalProvider) : undefined;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` reads it again on each navigation: the route guard may store the ticket while this page is shown
  const pending = useMemo(() => latestPending(provider), [provider, key]);
  // Set once the login succeeded: the ticket is about to be spent by the binding.
  const [binding, setBinding] = useState(false);
  const profile = useBindProfile(pending?.ticket, binding);
  const prompts = useMemo<BindPrompts>(
    () => ({
      confirm: (content) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: '确认绑定',
            content,
            okText: '确认绑定',
            cancelText: '取消',
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      notify: (text, long) => void message.info(text, long ? 4 : 3),
    }),
    [modal, message],
  );
  const loginThenBind = useLoginThenBind(
    pending,
    profile.data?.profile.name ?? pending?.profile?.name,
    prompts,
    paths.home,
  );
  const redirect = safeRedirect(search.get('redirect'), paths.home);
  const label = provider ? PROVIDER_LABELS[provider] : '第三方';

  const body =
    !pending || profile.isError ? (
      <Result
        status="warning"
        title={profile.isError && profile.error instanceof ApiError ? profile.error.msg : '没有待绑定的第三方账号'}
        subTitle="绑定凭证只在 10 分钟内有效，请重新发起第三方登录"
        extra={
          <Button type="primary" onClick={() => void navigate(loginPath('login', redirect), { replace: true })}>
            返回登录
          </Button>
        }
      />
    ) : (
      <>
        {profile.isPending ? (
          <Skeleton avatar active paragraph={{ rows: 1 }} />
        ) : (
          <ExternalProfileCard provider={pending.provider} profile={profile.data?.profile ?? pending.profile} />
        )}
        <Tabs
          defaultActiveKey={search.get('tab') === 'register' ? 'register' : 'login'}
          destroyOnHidden
          items={[
            {
              key: 'login',
              label: '已有账号，登录绑定',
              children: <AccountLoginForm onSuccess={(data) => (setBinding(true), loginThenBind(data, redirect))} />,
            },
            {
              key: 'register',
              label: '注册新账号',
              children: <RegisterForm onSuccess={(data) => (setBinding(true), loginThenBind(data, redirect))} />,
            },
          ]}
        />
      </>
    );

  return (
    <div className={styles.page}>
      <Card className={styles.bindCard} data-testid="bind-account">
        <h1 className={styles.cardTitle}>绑定{label}账号</h1>
        <p className={styles.cardSub}>登录或注册平台账号，确认后完成绑定</p>
        {body}
      </Card>
    </div>
  );
}
