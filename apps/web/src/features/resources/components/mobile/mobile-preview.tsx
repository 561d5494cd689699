/**
 * `/mobile/perview?id=` (bare mobile page, docs/product.md §2): the H5 preview of a resource — PDF,
 * images, audio, video and DOCX in the page, PPTX and XLSX as a download — with the access rule
 * enforced (log in, or activate the textbook). antd-mobile only.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, DotLoading, ErrorBlock, Toast } from 'antd-mobile';
import type { ResourceDetail, ResourceUrlGrant } from '@eav/contract';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { useResourceDownload } from '../../hooks/use-resource-download';
import { formatSize } from '../../lib/format';
import { FORMAT_LABELS, TYPE_LABELS } from '../../lib/labels';
import { AudioView, DocxView, ImageView, VideoView } from '../preview/media-views';
import { PdfView } from '../preview/pdf-view';
import { parseResourceId, usePreview } from '../preview/use-preview';
import { mobileLoginHref } from './mobile-resource-item';
import { MobileBar } from './mobile-bar';
import styles from './mobile.module.css';

function Body({
  resource,
  grant,
  pdfOptions,
}: {
  resource: ResourceDetail;
  grant: ResourceUrlGrant;
  pdfOptions: object;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const { download, busyId } = useResourceDownload();
  useEffect(() => setWidth(ref.current?.clientWidth ?? 0), []);
  switch (grant.previewable) {
    case 'pdf':
      return (
        <div ref={ref} style={{ width: '100%' }} data-testid="preview-pdf">
          {width > 0 && (
            <PdfView
              url={grant.url}
              options={pdfOptions}
              width={width}
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
        <ErrorBlock
          status="default"
          title={`${FORMAT_LABELS[grant.format]} 文件暂不支持在线预览`}
          description="请下载后用 Office 或 WPS 打开"
        >
          <Button
            color="primary"
            loading={busyId === resource.id}
            onClick={async () => {
              const out = await download(resource);
              Toast.show({ icon: out.ok ? 'success' : 'fail', content: out.message });
            }}
          >
            下载文件{grant.size != null && `（${formatSize(grant.size)}）`}
          </Button>
        </ErrorBlock>
      );
  }
}

export function MobilePreview({ rawId, pdfOptions }: { rawId: string | null; pdfOptions: object }) {
  const id = parseResourceId(rawId);
  const state = usePreview(id);
  const navigate = useNavigate();
  const { download, busyId } = useResourceDownload();
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.mobile.downloadZone));
  const title = state.kind === 'gate' || state.kind === 'ready' ? state.resource.title : '资源预览';

  let body;
  if (state.kind === 'invalid' || state.kind === 'not-found') {
    body = (
      <ErrorBlock status="empty" title="资源不存在或已下架" description="链接可能有误，或资源已被撤下">
        <Button color="primary" onClick={() => navigate(paths.mobile.downloadZone)}>
          去下载专区
        </Button>
      </ErrorBlock>
    );
  } else if (state.kind === 'loading') {
    body = (
      <div className={styles.loading}>
        正在打开资源 <DotLoading />
      </div>
    );
  } else if (state.kind === 'error') {
    body = (
      <ErrorBlock status="disconnected" title="资源打开失败" description={errorMessage(state.error)}>
        <Button color="primary" onClick={state.retry}>
          重试
        </Button>
      </ErrorBlock>
    );
  } else if (state.kind === 'gate') {
    const r = state.resource;
    const login = state.need === 'login';
    body = (
      <ErrorBlock
        status="default"
        title={login ? '登录后即可预览' : state.need === 'activation' ? '激活教材后即可预览' : '暂时无法预览'}
        description={r.accessHint ?? (login ? '请先登录后再下载或预览资源' : '该资源需要激活对应教材后使用')}
      >
        {login && (
          <Button color="primary" onClick={() => navigate(mobileLoginHref(currentFullPath()))}>
            去登录
          </Button>
        )}
        {state.need === 'activation' && r.textbook && (
          <Button
            color="primary"
            onClick={() =>
              navigate(
                `${paths.mobile.activation}?id=${r.textbook!.id}&redirect=${encodeURIComponent(currentFullPath())}`,
              )
            }
          >
            去激活教材
          </Button>
        )}
      </ErrorBlock>
    );
  } else {
    const r = state.resource;
    body = (
      <>
        <div className={styles.section} style={{ marginBottom: 0 }}>
          <p className={styles.hint}>
            {TYPE_LABELS[r.type]} · {FORMAT_LABELS[r.format]}
            {r.size != null && ` · ${formatSize(r.size)}`}
            {r.textbook ? ` · 《${r.textbook.title}》` : ''}
          </p>
          <Button
            block
            color="primary"
            loading={busyId === r.id}
            onClick={async () => {
              const out = await download(r);
              Toast.show({ icon: out.ok ? 'success' : 'fail', content: out.message });
              if (out.loginRedirect) navigate(mobileLoginHref(out.loginRedirect));
            }}
          >
            下载
          </Button>
        </div>
        <div className={styles.previewBody}>
          <Body resource={r} grant={state.grant} pdfOptions={pdfOptions} />
        </div>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <MobileBar title={title} onBack={back} />
      <main>{body}</main>
    </div>
  );
}
