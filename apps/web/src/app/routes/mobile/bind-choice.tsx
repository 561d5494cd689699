/**
 * `/mobileH5/bindChoice` (docs/product.md §2; docs/identity.md, Binding): the external account
 * waiting to be bound (any provider; `bindChoiceWx` and `bindChoiceMf` fix WeChat and the education
 * cube), then either log in to an existing account (password here, or phone + SMS on `bind`) or
 * register a new one; the identity is bound to that account right after. A new account then
 * chooses its identity (selectIdentity) and completes its profile (improveInformation).
 */
import type { ExternalProvider } from '@eav/contract';
import { Button, Dialog, ErrorBlock, Tabs, Toast, DotLoading } from 'antd-mobile';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { MobileAuthFrame } from '@/features/auth/components/mobile/mobile-auth-frame';
import { safeRedirect } from '@/features/auth/hooks/use-complete-login';
import { useBindProfile } from '@/features/identity/api/get-bind-profile';
import { ExternalProfileCard } from '@/features/identity/components/mobile/external-profile-card';
import styles from '@/features/identity/components/mobile/mobile.module.css';
import { useNoReferrer } from '@/features/identity/hooks/use-no-referrer';
import { PROVIDER_LABELS } from '@/features/identity/utils/labels';
import { latestPending } from '@/features/identity/utils/pending-binding';
import { useLoginThenBind, type BindPrompts } from '../../bind-flow';

// The account forms carry the contract's field rules (zod): loaded with the form, not the page.
const PasswordLoginForm = lazy(() =>
  import('@/features/auth/components/mobile/mobile-forms').then((m) => ({ default: m.MobilePasswordLoginForm })),
);
const RegisterForm = lazy(() =>
  import('@/features/auth/components/mobile/mobile-forms').then((m) => ({ default: m.MobileRegisterForm })),
);

/** The H5 dialog and toast of the shared login-then-bind flow. */
export const H5_PROMPTS: BindPrompts = {
  confirm: (content) => Dialog.confirm({ content, confirmText: '确认绑定', cancelText: '取消' }),
  notify: (text, long) => void Toast.show({ content: text, ...(long ? { duration: 4000 } : {}) }),
};

/** The bind screen of `provider` (or of whichever identity is pending). */
export function BindChoiceScreen({ provider }: { provider?: ExternalProvider }) {
  useNoReferrer();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { key } = useLocation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` reads it again on each navigation: the route guard may store the ticket while this page is shown
  const pending = useMemo(() => latestPending(provider), [provider, key]);
  // Set once the login succeeded: the ticket is about to be spent by the binding.
  const [binding, setBinding] = useState(false);
  const profile = useBindProfile(pending?.ticket, binding);
  const loginThenBind = useLoginThenBind(
    pending,
    profile.data?.profile.name ?? pending?.profile?.name,
    H5_PROMPTS,
    paths.mobile.home,
  );
  const [tab, setTab] = useState(search.get('tab') === 'register' ? 'register' : 'login');
  const label = provider ? PROVIDER_LABELS[provider] : pending ? PROVIDER_LABELS[pending.provider] : '第三方';
  const redirect = safeRedirect(search.get('redirect'), paths.mobile.home);

  const frame = (children: ReactNode) => (
    <MobileAuthFrame title={`绑定${label}账号`} subtitle="登录或注册平台账号，确认后完成绑定">
      {children}
    </MobileAuthFrame>
  );

  if (!pending || profile.isError) {
    return frame(
      <ErrorBlock
        status="default"
        title={profile.isError && profile.error instanceof ApiError ? profile.error.msg : '没有待绑定的第三方账号'}
        description="绑定凭证只在 10 分钟内有效，请重新发起第三方登录"
      >
        <Button color="primary" onClick={() => void navigate(paths.mobile.login, { replace: true })}>
          返回登录
        </Button>
      </ErrorBlock>,
    );
  }

  const loading = (
    <div className={styles.status}>
      <DotLoading color="primary" />
    </div>
  );

  return frame(
    <>
      {profile.isPending ? (
        loading
      ) : (
        <ExternalProfileCard provider={pending.provider} profile={profile.data?.profile ?? pending.profile} />
      )}
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab title="已有账号，登录绑定" key="login" destroyOnClose>
          <Suspense fallback={loading}>
            <PasswordLoginForm onSuccess={(data) => (setBinding(true), loginThenBind(data, redirect))} />
          </Suspense>
          <div className={styles.linkRow}>
            <Link to={`${paths.mobile.bind}?provider=${pending.provider}`}>使用手机验证码绑定</Link>
          </div>
        </Tabs.Tab>
        <Tabs.Tab title="注册新账号" key="register" destroyOnClose>
          <Suspense fallback={loading}>
            <RegisterForm
              withIdentity={false}
              onSuccess={(data) => (setBinding(true), loginThenBind(data, paths.mobile.selectIdentity))}
            />
          </Suspense>
        </Tabs.Tab>
      </Tabs>
    </>,
  );
}

export default function BindChoiceRoute() {
  return <BindChoiceScreen />;
}
