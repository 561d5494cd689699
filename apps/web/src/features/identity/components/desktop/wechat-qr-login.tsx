/**
 * The desktop login page's 微信登录 tab (docs/identity.md, WeChat): the QR of WeChat's website
 * login page for this browser's single-use `state`, refreshed when it expires, and a button that
 * opens that page here (where WeChat shows its own QR and sends the browser back after the scan).
 * The flow ends through the `code` route guard.
 */
import { Alert, Button, QRCode } from 'antd';
import { useEffect, useState } from 'react';
import { useWxAuthUrl } from '../../api/build-wx-auth-url';
import { useNoReferrer } from '../../hooks/use-no-referrer';
import styles from './desktop.module.css';

export function WechatQrLogin({ redirect, scene = 'login' }: { redirect: string; scene?: 'login' | 'bind' }) {
  const q = useWxAuthUrl({ scene, client: 'web', redirect });
  const [expired, setExpired] = useState(false);
  useNoReferrer();

  useEffect(() => {
    if (!q.data) return;
    setExpired(false);
    const t = setTimeout(() => setExpired(true), Math.max(5, q.data.expiresIn - 5) * 1000);
    return () => clearTimeout(t);
  }, [q.data]);

  if (q.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={q.error instanceof Error ? q.error.message : '微信登录暂不可用'}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  }

  const url = q.data?.url;
  return (
    <div className={styles.qrBox} data-testid="wechat-qr">
      <QRCode
        value={url ?? '-'}
        size={184}
        status={!url ? 'loading' : expired ? 'expired' : 'active'}
        onRefresh={() => void q.refetch()}
        aria-label="微信登录二维码"
        bordered
      />
      <p className={styles.qrHint}>请使用微信扫描二维码登录</p>
      <Button
        type="primary"
        ghost
        disabled={!url || expired}
        onClick={() => url && window.location.assign(url)}
        data-testid="wechat-open"
      >
        打开微信扫码页面
      </Button>
    </div>
  );
}
