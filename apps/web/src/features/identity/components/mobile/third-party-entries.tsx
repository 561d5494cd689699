/**
 * 微信 / 之江汇 / 教育魔方 entries of the H5 login page (docs/identity.md): each asks the server for
 * the provider's address and leaves for it. WeChat uses the Official-Account authorisation
 * (client h5); the flows come back through the route guards or /mobileH5/zjhAuth.
 */
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { buildWxAuthUrl } from '../../api/build-wx-auth-url';
import { getProviderLoginUrl } from '../../api/provider-login-url';
import styles from './mobile.module.css';

type Entry = 'wechat' | 'zjer' | 'educube';

export function ThirdPartyEntries({ redirect }: { redirect: string }) {
  const [pending, setPending] = useState<Entry | null>(null);
  const [error, setError] = useState<string | null>(null);

  const go = async (entry: Entry) => {
    setPending(entry);
    setError(null);
    try {
      const { url } =
        entry === 'wechat'
          ? await buildWxAuthUrl({ scene: 'login', client: 'h5', redirect })
          : await getProviderLoginUrl(entry === 'zjer' ? 'zjerMobile' : 'educube', redirect);
      window.location.assign(url);
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : '暂时无法跳转，请稍后重试');
      setPending(null);
    }
  };

  return (
    <div className={styles.entries}>
      <div className={styles.entriesTitle}>其他登录方式</div>
      <div className={styles.entryButtons}>
        <Button size="small" onClick={() => void go('wechat')} loading={pending === 'wechat'}>
          微信
        </Button>
        <Button size="small" onClick={() => void go('zjer')} loading={pending === 'zjer'}>
          之江汇
        </Button>
        <Button size="small" onClick={() => void go('educube')} loading={pending === 'educube'}>
          教育魔方
        </Button>
      </div>
      {error && (
        <div className={styles.entryError} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
