/**
 * One resource in a desktop list: format badge, title, type, size, date and counts, with 预览,
 * 下载 and 收藏. Download and favourite need a login (docs/product.md §6); logged out, the user is
 * sent to log in and comes back here.
 */
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { DownloadOutlined, EyeOutlined, HeartFilled, HeartOutlined } from '@ant-design/icons';
import { App, Button, Tag, Tooltip } from 'antd';
import type { ResourceListItem } from '@eav/contract';
import { loginPath, paths } from '@/config/paths';
import { currentFullPath } from '@/lib/navigation';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/stores/session';
import { useToggleFavorite } from '../api/toggle-favorite';
import { useResourceDownload } from '../hooks/use-resource-download';
import { FORMAT_COLORS, FORMAT_LABELS, TYPE_LABELS } from '../lib/labels';
import { formatCount, formatDate, formatSize } from '../lib/format';
import styles from './resources.module.css';

export const previewHref = (id: number) => `${paths.ossPreview}?id=${id}`;

const ACCESS_TAG: Record<ResourceListItem['access'], ReactNode> = {
  public: null,
  login: <Tag color="blue">登录可用</Tag>,
  activation: <Tag color="#8a5a00">激活教材可用</Tag>,
};

export interface ResourceItemProps {
  resource: ResourceListItem;
  /** Shown after the meta line (e.g. the review state in 我的上传). */
  extra?: ReactNode;
  /** Replaces the default actions. */
  actions?: ReactNode;
  /** Whether the resource is among the user's favourites (known in 我的收藏). */
  favorited?: boolean;
  showChapter?: boolean;
}

export function ResourceItem({ resource: r, extra, actions, favorited, showChapter }: ResourceItemProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => !!s.user);
  const { download, busyId } = useResourceDownload();
  const favorite = useToggleFavorite();

  const onDownload = async () => {
    const out = await download(r);
    if (out.loginRedirect) {
      void message.info(out.message);
      navigate(loginPath('login', out.loginRedirect));
    } else if (out.ok) void message.success(out.message);
    else void message.error(out.message);
  };
  const onFavorite = () => {
    if (!loggedIn) {
      void message.info('请先登录后再收藏');
      navigate(loginPath('login', currentFullPath()));
      return;
    }
    favorite.mutate(
      { resourceId: r.id, favorite: !favorited },
      {
        onSuccess: (res) => void message.success(res.favorited ? '已加入我的收藏' : '已取消收藏'),
        onError: (err) => void message.error(errorMessage(err)),
      },
    );
  };

  return (
    <li className={styles.item} data-testid="resource-item" data-resource-id={r.id}>
      <span className={styles.badge} style={{ background: FORMAT_COLORS[r.format] }} aria-hidden>
        {FORMAT_LABELS[r.format]}
      </span>
      <div className={styles.itemBody}>
        <h3 className={styles.itemTitle} title={r.title}>
          <Link to={previewHref(r.id)}>{r.title}</Link>
        </h3>
        <div className={styles.itemMeta}>
          <span>{TYPE_LABELS[r.type]}</span>
          <span>{FORMAT_LABELS[r.format]}</span>
          {r.size != null && <span>{formatSize(r.size)}</span>}
          {showChapter && r.textbook && (
            <span>
              《{r.textbook.title}》{r.chapter ? ` · ${r.chapter.title}` : ''}
            </span>
          )}
          <span>{formatDate(r.createdAt)}</span>
          <span>浏览 {formatCount(r.viewCount)}</span>
          <span>下载 {formatCount(r.downloadCount)}</span>
          {ACCESS_TAG[r.access]}
        </div>
        {extra}
      </div>
      <div className={styles.itemActions}>
        {actions ?? (
          <>
            <Button icon={<EyeOutlined />} href={`#${previewHref(r.id)}`} aria-label={`预览 ${r.title}`}>
              预览
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={busyId === r.id}
              onClick={() => void onDownload()}
              aria-label={`下载 ${r.title}`}
            >
              下载
            </Button>
            {favorited !== undefined && (
              <Tooltip title={favorited ? '取消收藏' : '收藏'}>
                <Button
                  aria-label={favorited ? `取消收藏 ${r.title}` : `收藏 ${r.title}`}
                  aria-pressed={favorited}
                  icon={favorited ? <HeartFilled style={{ color: '#e8484f' }} /> : <HeartOutlined />}
                  loading={favorite.isPending}
                  onClick={onFavorite}
                />
              </Tooltip>
            )}
          </>
        )}
      </div>
    </li>
  );
}
