/**
 * `/mobileH5/bind` (docs/product.md §2; docs/identity.md, Binding): bind the pending third-party
 * account (`?provider=` or the newest pending one) to the account of a phone number, proven by an
 * SMS code (an SMS login), then go home.
 */
import type { ExternalProvider } from '@eav/contract';
import { Button, ErrorBlock, DotLoading } from 'antd-mobile';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { MobileAuthFrame } from '@/features/auth/components/mobile/mobile-auth-frame';
import { safeRedirect } from '@/features/auth/hooks/use-complete-login';
import { useBindProfile } from '@/features/identity/api/get-bind-profile';
import { ExternalProfileCard } from '@/features/identity/components/mobile/external-profile-card';
import styles from '@/features/identity/components/mobile/mobile.module.css';
import { useNoReferrer } from '@/features/identity/hooks/use-no-referrer';
import { PROVIDER_LABELS } from '@/features/identity/utils/labels';
import { latestPending } from '@/features/identity/utils/pending-binding';
import { useLoginThenBind } from '../../bind-flow';
import { H5_PROMPTS } from './bind-choice';

const SmsLoginForm = lazy(() =>
  import('@/features/auth/components/mobile/mobile-forms').then((m) => ({ default: m.MobileSmsLoginForm })),
);

const PROVIDERS = new Set<string>(['wechat', 'zjer', 'educube']);

export default function MobileBindRoute() {
  useNoReferrer();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const only = search.get('provider');
  const { key } = useLocation();
  const pending = useMemo(
    () => latestPending(only && PROVIDERS.has(only) ? (only as ExternalProvider) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` reads it again on each navigation: the route guard may store the ticket while this page is shown
    [only, key],
  );
  // Set once the login succeeded: the ticket is about to be spent by the binding.
  const [binding, setBinding] = useState(false);
  const profile = useBindProfile(pending?.ticket, binding);
  const loginThenBind = useLoginThenBind(
    pending,
    profile.data?.profile.name ?? pending?.profile?.name,
    H5_PROMPTS,
    paths.mobile.home,
  );
  const redirect = safeRedirect(search.get('redirect'), paths.mobile.home);
  const label = pending ? PROVIDER_LABELS[pending.provider] : '第三方';

  return (
    <MobileAuthFrame
      title={`手机号绑定${label}`}
      subtitle="验证手机号后，第三方账号将绑定到该手机号的平台账号"
      footer={
        <div className={styles.linkRow}>
          <Link to={`${paths.mobile.bindChoice}?tab=register`}>还没有账号？注册新账号</Link>
        </div>
      }
    >
      {!pending || profile.isError ? (
        <ErrorBlock
          status="default"
          title={profile.isError ? profile.error.message : '没有待绑定的第三方账号'}
          description="绑定凭证只在 10 分钟内有效，请重新发起第三方登录"
        >
          <Button color="primary" onClick={() => void navigate(paths.mobile.login, { replace: true })}>
            返回登录
          </Button>
        </ErrorBlock>
      ) : (
        <>
          {profile.isPending ? (
            <div className={styles.status}>
              <DotLoading color="primary" />
            </div>
          ) : (
            <ExternalProfileCard provider={pending.provider} profile={profile.data?.profile ?? pending.profile} />
          )}
          <Suspense
            fallback={
              <div className={styles.status}>
                <DotLoading color="primary" />
              </div>
            }
          >
            <SmsLoginForm onSuccess={(data) => (setBinding(true), loginThenBind(data, redirect))} />
          </Suspense>
        </>
      )}
    </MobileAuthFrame>
  );
}
