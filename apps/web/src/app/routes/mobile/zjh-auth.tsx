/**
 * `/mobileH5/zjhAuth` (docs/product.md §2; docs/identity.md, 之江汇): completes an H5 之江汇 login
 * from the provider's `ticket`. An unbound 之江汇 account goes to bindChoice (log in or register,
 * then bound); a logged-in visitor is asked to confirm the binding; otherwise the reason is shown.
 */
import { Button, DotLoading, ErrorBlock, Result } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { MobileAuthFrame } from '@/features/auth/components/mobile/mobile-auth-frame';
import { useCompleteLogin } from '@/features/auth/hooks/use-complete-login';
import styles from '@/features/identity/components/mobile/mobile.module.css';
import { useNoReferrer } from '@/features/identity/hooks/use-no-referrer';
import { useZjerAuth } from '@/features/identity/hooks/use-zjer-auth';

export default function MobileZjhAuthRoute() {
  useNoReferrer();
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin(paths.mobile.home);
  const state = useZjerAuth((data) => completeLogin(data, paths.mobile.home));

  useEffect(() => {
    if (state.status === 'not-bound') void navigate(paths.mobile.bindChoice, { replace: true });
  }, [state.status, navigate]);

  return (
    <MobileAuthFrame title="之江汇登录" subtitle="浙江省之江汇教育广场账号">
      {(state.status === 'working' || state.status === 'not-bound') && (
        <div className={styles.status} role="status">
          <DotLoading color="primary" />
          <p>正在验证之江汇账号，请稍候…</p>
        </div>
      )}
      {state.status === 'confirm' && (
        <>
          <p className={styles.status} data-testid="bind-confirm">
            {state.question}
          </p>
          <div className={styles.actions}>
            <Button block color="primary" onClick={state.bind}>
              确认绑定
            </Button>
            <Button block onClick={state.cancel}>
              取消
            </Button>
          </div>
        </>
      )}
      {state.status === 'bound' && (
        <Result
          status="success"
          title="之江汇账号绑定成功"
          description={state.name ? `已绑定：${state.name}` : undefined}
        />
      )}
      {state.status === 'bound' && (
        <div className={styles.actions}>
          <Button block color="primary" onClick={() => void navigate(paths.mobile.home, { replace: true })}>
            进入首页
          </Button>
        </div>
      )}
      {state.status === 'error' && (
        <ErrorBlock status="default" title="之江汇登录未完成" description={<span role="alert">{state.message}</span>}>
          <Button color="primary" onClick={() => void navigate(paths.mobile.login, { replace: true })}>
            返回登录
          </Button>
        </ErrorBlock>
      )}
    </MobileAuthFrame>
  );
}
