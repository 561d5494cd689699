/**
 * 之江汇 and 教育魔方 login buttons of the desktop login page (docs/identity.md): each asks the server
 * for the provider's login address and leaves for it; the provider sends the browser back to
 * /zjhAuth (之江汇) or, with the education cube's `sessionId` for the route guard, to `redirect`.
 */
import { Alert, Button } from 'antd';
import { useProviderLoginUrl, type ProviderStart } from '../../api/provider-login-url';
import styles from './desktop.module.css';

export function ThirdPartyButtons({ redirect }: { redirect?: string }) {
  const start = useProviderLoginUrl();
  const go = (which: ProviderStart) =>
    start.mutate({ which, redirect }, { onSuccess: ({ url }) => window.location.assign(url) });
  const pending = start.isPending ? start.variables?.which : undefined;

  return (
    <div className={styles.thirdParty}>
      <div className={styles.divider}>
        <span>其他登录方式</span>
      </div>
      <div className={styles.thirdPartyButtons}>
        <Button onClick={() => go('zjer')} loading={pending === 'zjer'} data-testid="login-zjer">
          之江汇登录
        </Button>
        <Button onClick={() => go('educubeWeb')} loading={pending === 'educubeWeb'} data-testid="login-educube">
          教育魔方登录
        </Button>
      </div>
      {start.isError && (
        <Alert
          type="error"
          showIcon
          title={start.error.message || '暂时无法跳转，请稍后重试'}
          style={{ marginTop: 12 }}
        />
      )}
    </div>
  );
}
