/**
 * `/mobile/login` (docs/product.md §2; docs/identity.md, 之江汇): the bare login page used when the
 * portal is embedded in the province's app. A logged-in visitor goes on to `redirect` (or the H5
 * home); anyone else is sent to the 之江汇 login (`GET /api/v1/pub/zjer/mobile/login`), which comes
 * back to /mobileH5/zjhAuth. The platform's own login stays one tap away.
 */
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { MobileAuthFrame } from '@/features/auth/components/mobile/mobile-auth-frame';
import { safeRedirect } from '@/features/auth/hooks/use-complete-login';
import { getProviderLoginUrl } from '@/features/identity/api/provider-login-url';
import styles from '@/features/identity/components/mobile/mobile.module.css';
import { useNoReferrer } from '@/features/identity/hooks/use-no-referrer';

export default function BareMobileLoginRoute() {
  useNoReferrer();
  const [search] = useSearchParams();
  const user = useSession((s) => s.user);
  const redirect = safeRedirect(search.get('redirect'), paths.mobile.home);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const start = useCallback(async () => {
    setError(null);
    try {
      const { url } = await getProviderLoginUrl('zjerMobile', redirect);
      window.location.replace(url);
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : '暂时无法连接之江汇，请稍后重试');
    }
  }, [redirect]);

  useEffect(() => {
    if (user || started.current) return;
    started.current = true;
    void start();
  }, [user, start]);

  if (user) return <Navigate to={redirect} replace />;

  return (
    <MobileAuthFrame title="之江汇账号登录" subtitle="正在前往浙江省之江汇教育广场登录">
      {error ? (
        <ErrorBlock status="default" title="无法前往之江汇登录" description={<span role="alert">{error}</span>}>
          <Button color="primary" onClick={() => void start()}>
            重试
          </Button>
        </ErrorBlock>
      ) : (
        <div className={styles.status} role="status">
          <DotLoading color="primary" />
          <p>正在跳转，请稍候…</p>
        </div>
      )}
      <div className={styles.linkRow}>
        <Link to={`${paths.mobile.login}?redirect=${encodeURIComponent(redirect)}`}>使用平台账号登录</Link>
      </div>
    </MobileAuthFrame>
  );
}
