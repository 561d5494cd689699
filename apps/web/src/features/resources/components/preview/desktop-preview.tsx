/**
 * `/ossPreview?id=` (bare desktop page, docs/product.md §2): a resource previewed in the page — PDF
 * page by page, images, audio and video, DOCX rendered in the page; PPTX and XLSX offered as a
 * download — with the access rule enforced: a visitor is asked to log in, a resource of a book the
 * user has not activated says how to activate it.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeftOutlined, DownloadOutlined, HeartFilled, HeartOutlined } from '@ant-design/icons';
import { App, Button, Result, Tag } from 'antd';
import type { ResourceDetail, ResourceUrlGrant } from '@eav/contract';
import { PageSpin } from '@/components/ui/page-spin';
import { loginPath, paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { useToggleFavorite } from '../../api/toggle-favorite';
import { useResourceDownload } from '../../hooks/use-resource-download';
import { formatSize } from '../../lib/format';
import { FORMAT_LABELS, TYPE_LABELS } from '../../lib/labels';
import styles from '../resources.module.css';
import { AudioView, DocxView, ImageView, VideoView } from './media-views';
import { PdfView } from './pdf-view';
import { parseResourceId, usePreview } from './use-preview';

export interface DesktopPreviewProps {
  rawId: string | null;
  /** pdf.js options of the reader (bundled character maps and fonts). */
  pdfOptions: object;
}

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

function Body({
  resource,
  grant,
  pdfOptions,
}: {
  resource: ResourceDetail;
  grant: ResourceUrlGrant;
  pdfOptions: object;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const { download } = useResourceDownload();
  const { message } = App.useApp();
  switch (grant.previewable) {
    case 'pdf':
      return (
        <div ref={ref} style={{ width: 'min(1000px, 100%)' }} data-testid="preview-pdf">
          {width > 0 && (
            <PdfView
              url={grant.url}
              options={pdfOptions}
              width={Math.min(width, 1000)}
              className={styles.pdfPages}
              pageClassName={styles.pdfPage}
            />
          )}
        </div>
      );
    case 'image':
      return <ImageView url={grant.url} alt={resource.title} className={styles.previewImage} />;
    case 'audio':
      return <AudioView url={grant.url} title={resource.title} />;
    case 'video':
      return <VideoView url={grant.url} title={resource.title} className={styles.previewMedia} />;
    case 'docx':
      return <DocxView url={grant.url} className={styles.previewDocx} />;
    default:
      return (
        <Result
          status="info"
          title={`${FORMAT_LABELS[grant.format]} 文件暂不支持在线预览`}
          subTitle="请下载后用 Microsoft Office 或 WPS 打开。"
          extra={
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              onClick={async () => {
                const out = await download(resource);
                void (out.ok ? message.success(out.message) : message.error(out.message));
              }}
            >
              下载文件{grant.size != null && `（${formatSize(grant.size)}）`}
            </Button>
          }
        />
      );
  }
}

export function DesktopPreview({ rawId, pdfOptions }: DesktopPreviewProps) {
  const id = parseResourceId(rawId);
  const state = usePreview(id);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { download, busyId } = useResourceDownload();
  const favorite = useToggleFavorite();
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.syncMaterial));

  if (state.kind === 'invalid' || state.kind === 'not-found') {
    return (
      <main className={styles.previewPage}>
        <Result
          status="404"
          title="资源不存在或已下架"
          subTitle="链接可能有误，或资源已被撤下。"
          extra={
            <Button type="primary" href={`#${paths.syncMaterial}`}>
              去同步资源看看
            </Button>
          }
        />
      </main>
    );
  }
  if (state.kind === 'loading') return <PageSpin label="正在打开资源…" />;
  if (state.kind === 'error') {
    return (
      <main className={styles.previewPage}>
        <Result
          status="warning"
          title="资源打开失败"
          subTitle={errorMessage(state.error)}
          extra={<Button onClick={state.retry}>重试</Button>}
        />
      </main>
    );
  }

  const r = state.resource;
  const header = (
    <header className={styles.previewBar}>
      <Button icon={<ArrowLeftOutlined />} onClick={back} aria-label="返回">
        返回
      </Button>
      <h1 className={styles.previewTitle} title={r.title}>
        {r.title}
      </h1>
      <Tag>{TYPE_LABELS[r.type]}</Tag>
      <Tag>
        {FORMAT_LABELS[r.format]}
        {r.size != null && ` · ${formatSize(r.size)}`}
      </Tag>
      {state.kind === 'ready' && (
        <>
          <Button
            aria-pressed={r.favorited}
            icon={r.favorited ? <HeartFilled style={{ color: '#e8484f' }} /> : <HeartOutlined />}
            loading={favorite.isPending}
            onClick={() =>
              favorite.mutate(
                { resourceId: r.id, favorite: !r.favorited },
                {
                  onSuccess: (res) => void message.success(res.favorited ? '已加入我的收藏' : '已取消收藏'),
                  onError: (err) => void message.error(errorMessage(err)),
                },
              )
            }
          >
            {r.favorited ? '已收藏' : '收藏'}
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={busyId === r.id}
            onClick={async () => {
              const out = await download(r);
              if (out.loginRedirect) navigate(loginPath('login', out.loginRedirect));
              void (out.ok ? message.success(out.message) : message.error(out.message));
            }}
          >
            下载
          </Button>
        </>
      )}
    </header>
  );

  if (state.kind === 'gate') {
    const login = state.need === 'login';
    return (
      <main className={styles.previewPage}>
        {header}
        <Result
          status="403"
          title={login ? '登录后即可预览' : state.need === 'activation' ? '激活教材后即可预览' : '暂时无法预览'}
          subTitle={r.accessHint ?? (login ? '请先登录后再下载或预览资源' : '该资源需要激活对应教材后使用')}
          extra={
            login ? (
              <Button type="primary" onClick={() => navigate(loginPath('login', currentFullPath()))}>
                去登录
              </Button>
            ) : state.need === 'activation' && r.textbook ? (
              <Button type="primary" href={`#${paths.detail}?id=${r.textbook.id}`}>
                去激活《{r.textbook.title}》
              </Button>
            ) : undefined
          }
        />
      </main>
    );
  }

  return (
    <main className={styles.previewPage}>
      {header}
      <div className={styles.previewBody}>
        <Body resource={r} grant={state.grant} pdfOptions={pdfOptions} />
      </div>
    </main>
  );
}
