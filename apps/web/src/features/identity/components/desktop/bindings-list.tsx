/**
 * The 账号绑定 list of the user centre (docs/identity.md, 账号绑定): WeChat, 之江汇 and 教育魔方,
 * each bound (with the provider's name for it and when) or not, with 绑定 / 解除绑定. Binding
 * leaves for the provider (WeChat through its QR page) and comes back here; a WeChat bind ticket
 * brought back by the route guard is offered in a dialog that names the WeChat account and the
 * portal account (确认绑定 / 取消): nothing is bound from an address alone. Unbinding the last way to
 * log in is refused by the server with its reason, shown here.
 */
import type { BindingItem, ExternalProvider } from '@eav/contract';
import { Alert, App, Button, Modal, Popconfirm, Skeleton, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useBindIdentity } from '../../api/bind-identity';
import { useSession } from '@/stores/session';
import { useBindProfile } from '../../api/get-bind-profile';
import { useBindings } from '../../api/get-bindings';
import { useProviderLoginUrl } from '../../api/provider-login-url';
import { useUnbind } from '../../api/unbind';
import { bindConfirmText, PROVIDER_LABELS } from '../../utils/labels';
import { clearPending, loadPending, saveReturnTo, type PendingBinding } from '../../utils/pending-binding';
import styles from './desktop.module.css';
import { WechatQrLogin } from './wechat-qr-login';
import { beijingDateTime } from '@/lib/beijing-format';

const DESCRIPTIONS: Record<ExternalProvider, string> = {
  wechat: '绑定后可使用微信扫码登录',
  zjer: '绑定后可使用之江汇教育广场账号登录',
  educube: '绑定后可使用教育魔方账号登录',
};

function formatTime(iso: string | null): string {
  return beijingDateTime(iso, '');
}

export function BindingsList({ userId }: { userId: number }) {
  const { message } = App.useApp();
  const q = useBindings(userId);
  const unbind = useUnbind(userId);
  const bind = useBindIdentity();
  const start = useProviderLoginUrl();
  const [wxOpen, setWxOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(new Set<string>());
  const { key } = useLocation();
  const account = useSession((s) => s.user?.userName ?? '');
  // The WeChat identity waiting for the person's answer in the confirm dialog.
  const [offer, setOffer] = useState<PendingBinding | null>(null);
  // Read from the server (only the browser that ran the WeChat flow may): the dialog names the
  // account the provider vouched for, not a name a link could carry.
  const offered = useBindProfile(offer?.ticket, bind.isPending);

  // A WeChat identity brought back by the route guard (scene=bind) is offered for binding; the
  // guard stores it while this page may already be shown, so it is looked for on every navigation.
  useEffect(() => {
    const pending = loadPending('wechat');
    if (!pending || handled.current.has(pending.ticket)) return;
    handled.current.add(pending.ticket);
    clearPending('wechat');
    setOffer(pending);
  }, [key]);

  const confirmBind = () => {
    if (!offer) return;
    bind.mutate(offer, {
      onSuccess: () => {
        setOffer(null);
        void message.success('微信绑定成功');
        void q.refetch();
      },
      onError: (e) => {
        setOffer(null);
        setError(e instanceof ApiError ? e.msg : '微信绑定失败，请稍后重试');
      },
    });
  };

  const startBind = (provider: ExternalProvider) => {
    setError(null);
    if (provider === 'wechat') return setWxOpen(true);
    saveReturnTo(paths.userBindings);
    start.mutate(
      { which: provider === 'zjer' ? 'zjer' : 'educubeWeb', redirect: paths.userBindings },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (e) => setError(e.message || '暂时无法跳转，请稍后重试'),
      },
    );
  };

  const doUnbind = (provider: ExternalProvider) => {
    setError(null);
    unbind.mutate(provider, {
      onSuccess: () => void message.success(`已解除${PROVIDER_LABELS[provider]}绑定`),
      onError: (e) => setError(e instanceof ApiError ? e.msg : '解除绑定失败，请稍后重试'),
    });
  };

  if (q.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (q.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={q.error instanceof Error ? q.error.message : '账号绑定信息加载失败'}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );

  const renderItem = (item: BindingItem) => {
    const label = PROVIDER_LABELS[item.provider];
    const busy =
      (unbind.isPending && unbind.variables === item.provider) ||
      (start.isPending && start.variables?.which.startsWith(item.provider === 'zjer' ? 'zjer' : 'educube'));
    return (
      <li key={item.provider} className={styles.bindingRow} data-testid={`binding-${item.provider}`}>
        <div>
          <div className={styles.bindingTitle}>
            {label} {item.bound ? <Tag color="success">已绑定</Tag> : <Tag>未绑定</Tag>}
          </div>
          <div className={styles.bindingSub}>
            {item.bound
              ? `${item.displayName ? `${item.displayName} · ` : ''}绑定于 ${formatTime(item.boundAt)}`
              : DESCRIPTIONS[item.provider]}
          </div>
        </div>
        {item.bound ? (
          <Popconfirm
            title={`确定解除${label}绑定吗？`}
            description="解除后将不能再用该方式登录本账号"
            okText="解除绑定"
            cancelText="取消"
            onConfirm={() => doUnbind(item.provider)}
          >
            <Button danger loading={!!busy}>
              解除绑定
            </Button>
          </Popconfirm>
        ) : (
          <Button type="primary" ghost loading={!!busy} onClick={() => startBind(item.provider)}>
            绑定
          </Button>
        )}
      </li>
    );
  };

  return (
    <>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          closable
          onClose={() => setError(null)}
          style={{ marginBottom: 16 }}
        />
      )}
      {bind.isPending && <Alert type="info" showIcon title="正在绑定微信账号…" style={{ marginBottom: 16 }} />}
      <ul className={styles.bindingList} aria-label="第三方账号">
        {q.data.items.map(renderItem)}
      </ul>
      {!q.data.hasPassword && !q.data.hasPhone && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title="本账号未设置密码和手机号，至少需保留一种第三方登录方式"
        />
      )}
      <Modal
        open={!!offer}
        title="确认绑定"
        okText="确认绑定"
        cancelText="取消"
        onOk={confirmBind}
        onCancel={() => setOffer(null)}
        confirmLoading={bind.isPending}
        okButtonProps={{ disabled: !offered.data }}
        destroyOnHidden
      >
        {offered.isError ? (
          <Alert
            type="error"
            showIcon
            title={offered.error instanceof ApiError ? offered.error.msg : '绑定凭证无效或已过期，请重新发起绑定'}
          />
        ) : offered.data ? (
          <p data-testid="bind-confirm">{bindConfirmText('wechat', offered.data.profile.name, account)}</p>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} />
        )}
      </Modal>
      <Modal open={wxOpen} title="绑定微信" footer={null} onCancel={() => setWxOpen(false)} destroyOnHidden>
        <WechatQrLogin scene="bind" redirect={paths.userBindings} />
      </Modal>
    </>
  );
}
