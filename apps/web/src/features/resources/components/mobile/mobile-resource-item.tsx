/** One resource in an H5 list: format badge, title, meta, 预览 and 下载 (antd-mobile only). */
import { useNavigate } from 'react-router';
import { Button, Toast } from 'antd-mobile';
import type { ResourceListItem } from '@eav/contract';
import { paths } from '@/config/paths';
import { useResourceDownload } from '../../hooks/use-resource-download';
import { formatSize } from '../../lib/format';
import { FORMAT_COLORS, FORMAT_LABELS, TYPE_LABELS } from '../../lib/labels';
import styles from './mobile.module.css';

export const mobilePreviewHref = (id: number) => `${paths.mobilePerview}?id=${id}`;

export function mobileLoginHref(redirect: string): string {
  return `${paths.mobile.login}?redirect=${encodeURIComponent(redirect)}`;
}

export function MobileResourceItem({ resource: r }: { resource: ResourceListItem }) {
  const navigate = useNavigate();
  const { download, busyId } = useResourceDownload();
  const onDownload = async () => {
    const out = await download(r);
    if (out.loginRedirect) {
      Toast.show({ content: out.message });
      navigate(mobileLoginHref(out.loginRedirect));
    } else Toast.show({ icon: out.ok ? 'success' : 'fail', content: out.message });
  };
  return (
    <li className={styles.item} data-testid="mobile-resource-item">
      <span className={styles.badge} style={{ background: FORMAT_COLORS[r.format] }} aria-hidden>
        {FORMAT_LABELS[r.format]}
      </span>
      <div className={styles.itemBody}>
        <h3 className={styles.itemTitle}>{r.title}</h3>
        <div className={styles.itemMeta}>
          {TYPE_LABELS[r.type]} · {FORMAT_LABELS[r.format]}
          {r.size != null && ` · ${formatSize(r.size)}`} · 下载 {r.downloadCount}
          {r.chapter ? ` · ${r.chapter.title}` : ''}
        </div>
      </div>
      <div className={styles.actions}>
        <Button
          size="mini"
          color="primary"
          fill="outline"
          onClick={() => navigate(mobilePreviewHref(r.id))}
          aria-label={`预览 ${r.title}`}
        >
          预览
        </Button>
        <Button
          size="mini"
          color="primary"
          loading={busyId === r.id}
          onClick={() => void onDownload()}
          aria-label={`下载 ${r.title}`}
        >
          下载
        </Button>
      </div>
    </li>
  );
}
