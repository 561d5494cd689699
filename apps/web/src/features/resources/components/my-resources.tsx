/**
 * `/resource` (我的资源, docs/product.md §1, §6; logged-in users): 我的下载, 我的收藏, 我组的试卷 (papers
 * composed in 云题库, downloadable as Word and PDF) and, for teachers, 我的上传 with the review state
 * and the reason of a refusal. The tab is kept in the URL (`?tab=`).
 */
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { CloudUploadOutlined, DeleteOutlined, FileWordOutlined, FilePdfOutlined } from '@ant-design/icons';
import { App, Button, Empty, Pagination, Popconfirm, Skeleton, Tabs, Tag } from 'antd';
import type { ComposedPaperItem, ExportFormat, Paged } from '@eav/contract';
import { loginPath, paperPrintPath, paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { isTeacher, useSession } from '@/stores/session';
import { useDeleteUpload } from '../api/delete-upload';
import { exportMyPaper } from '../api/export-my-paper';
import { MY_RESOURCES_PAGE_SIZE, useMyResources } from '../api/get-my-resources';
import { useMyPapers } from '../api/get-my-papers';
import { formatDate, formatScore } from '../lib/format';
import { STATUS_LABELS } from '../lib/labels';
import { QueryError } from '@/components/errors/query-error';
import { ResourceItem } from './resource-item';
import { UploadDialog } from './upload-dialog';
import styles from './resources.module.css';

type Tab = 'downloads' | 'favorites' | 'papers' | 'uploads';
const TABS: Tab[] = ['downloads', 'favorites', 'papers', 'uploads'];

/** Solid tag colours with white text at 4.5:1 or more (antd's light presets fall short). */
const STATUS_COLOR = { pending: '#8a5a00', published: '#1d6f42', rejected: '#b42318' } as const;

function Pager({ data, page, onPage }: { data: Paged<unknown>; page: number; onPage(p: number): void }) {
  if (data.total <= MY_RESOURCES_PAGE_SIZE) return null;
  return (
    <Pagination
      align="center"
      style={{ marginTop: 16 }}
      current={page}
      pageSize={MY_RESOURCES_PAGE_SIZE}
      total={data.total}
      showSizeChanger={false}
      onChange={onPage}
    />
  );
}

function ListState({
  query,
  empty,
  children,
}: {
  query: ReturnType<typeof useMyResources>;
  empty: string;
  children: React.ReactNode;
}) {
  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.data.items.length === 0)
    return (
      <Empty description={empty}>
        <Button type="primary" href={`#${paths.syncMaterial}`}>
          去同步资源看看
        </Button>
      </Empty>
    );
  return <>{children}</>;
}

function Downloads() {
  const [page, setPage] = useState(1);
  const q = useMyResources('downloads', page);
  return (
    <ListState query={q} empty="还没有下载过资源">
      <ul className={styles.list} data-testid="my-downloads">
        {q.data?.items.map((e) => (
          <ResourceItem
            key={e.resource.id}
            resource={e.resource}
            showChapter
            extra={<span className={styles.crumbs}>最近下载：{formatDate(e.downloadedAt)}</span>}
          />
        ))}
      </ul>
      {q.data && <Pager data={q.data} page={page} onPage={setPage} />}
    </ListState>
  );
}

function Favorites() {
  const [page, setPage] = useState(1);
  const q = useMyResources('favorites', page);
  return (
    <ListState query={q} empty="还没有收藏资源，预览资源时点击「收藏」即可加入">
      <ul className={styles.list} data-testid="my-favorites">
        {q.data?.items.map((e) => (
          <ResourceItem key={e.resource.id} resource={e.resource} showChapter favorited />
        ))}
      </ul>
      {q.data && <Pager data={q.data} page={page} onPage={setPage} />}
    </ListState>
  );
}

function PaperRow({ paper }: { paper: ComposedPaperItem }) {
  const { message } = App.useApp();
  const userId = useSession((s) => s.user?.userId);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const exportAs = async (format: ExportFormat) => {
    if (userId == null) return;
    setBusy(format);
    try {
      await exportMyPaper(userId, paper.id, format, paper.title);
      void message.success(`已开始下载「${paper.title}」`);
    } catch (err) {
      void message.error(errorMessage(err, '导出失败，请稍后重试'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <li className={styles.item} data-testid="my-paper">
      <span className={styles.badge} style={{ background: '#1f5fbf' }} aria-hidden>
        试卷
      </span>
      <div className={styles.itemBody}>
        <h3 className={styles.itemTitle}>{paper.title}</h3>
        <div className={styles.itemMeta}>
          {paper.subtitle && <span>{paper.subtitle}</span>}
          <span>{paper.questionCount} 道题</span>
          <span>总分 {formatScore(paper.totalScore)}</span>
          <span>组卷于 {formatDate(paper.createdAt)}</span>
        </div>
      </div>
      <div className={styles.itemActions}>
        <Button href={`#${paperPrintPath('composed', paper.id)}`} aria-label={`查看 ${paper.title}`}>
          查看
        </Button>
        <Button
          icon={<FileWordOutlined />}
          loading={busy === 'docx'}
          onClick={() => void exportAs('docx')}
          aria-label={`下载 Word：${paper.title}`}
        >
          Word
        </Button>
        <Button
          icon={<FilePdfOutlined />}
          loading={busy === 'pdf'}
          onClick={() => void exportAs('pdf')}
          aria-label={`下载 PDF：${paper.title}`}
        >
          PDF
        </Button>
      </div>
    </li>
  );
}

function Papers() {
  const [page, setPage] = useState(1);
  const q = useMyPapers(page);
  if (q.isError && !q.data) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (q.data.items.length === 0)
    return (
      <Empty description="还没有组过试卷：在云题库中把试题加入试题篮，即可一键组卷">
        <Button type="primary" href={`#${paths.cloudBase}`}>
          去云题库组卷
        </Button>
      </Empty>
    );
  return (
    <>
      <ul className={styles.list} data-testid="my-papers">
        {q.data.items.map((p) => (
          <PaperRow key={p.id} paper={p} />
        ))}
      </ul>
      <Pager data={q.data} page={page} onPage={setPage} />
    </>
  );
}

function Uploads({ teacher }: { teacher: boolean }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const q = useMyResources('uploads', page);
  const remove = useDeleteUpload();
  return (
    <>
      {teacher && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setOpen(true)}>
            上传资源
          </Button>
        </div>
      )}
      {q.isError && !q.data ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : q.data.items.length === 0 ? (
        <Empty
          description={teacher ? '还没有上传过资源，点击「上传资源」分享您的课件与教案' : '只有教师账号可以上传资源'}
        />
      ) : (
        <>
          <ul className={styles.list} data-testid="my-uploads">
            {q.data.items.map((e) => (
              <ResourceItem
                key={e.resource.id}
                resource={e.resource}
                showChapter
                extra={
                  <div style={{ marginTop: 4 }}>
                    <Tag color={STATUS_COLOR[e.status]}>{STATUS_LABELS[e.status]}</Tag>
                    {e.status === 'rejected' && e.rejectReason && (
                      <span style={{ color: '#b42318' }}>原因：{e.rejectReason}</span>
                    )}
                  </div>
                }
                actions={
                  e.status === 'published' ? undefined : (
                    <Popconfirm
                      title="撤回这个资源？"
                      description="撤回后文件将被删除"
                      okText="撤回"
                      cancelText="取消"
                      onConfirm={() =>
                        remove.mutate(e.resource.id, {
                          onSuccess: () => void message.success('已撤回'),
                          onError: (err) => void message.error(errorMessage(err)),
                        })
                      }
                    >
                      <Button icon={<DeleteOutlined />} aria-label={`撤回 ${e.resource.title}`}>
                        撤回
                      </Button>
                    </Popconfirm>
                  )
                }
              />
            ))}
          </ul>
          <Pager data={q.data} page={page} onPage={setPage} />
        </>
      )}
      <UploadDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function MyResources() {
  const user = useSession((s) => s.user);
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('tab');
  const tab: Tab = TABS.includes(raw as Tab) ? (raw as Tab) : 'downloads';

  if (!user) return <Navigate to={loginPath('login', location.pathname + location.search)} replace />;
  const teacher = isTeacher(user);

  const items: { key: Tab; label: string; children: React.ReactNode }[] = [
    { key: 'downloads', label: '我的下载', children: <Downloads /> },
    { key: 'favorites', label: '我的收藏', children: <Favorites /> },
    { key: 'papers', label: '我组的试卷', children: <Papers /> },
    { key: 'uploads', label: '我的上传', children: <Uploads teacher={teacher} /> },
  ];

  return (
    <div className={styles.page}>
      <div className={styles.container}>
        <div className={styles.heading}>
          <h1 className={styles.title}>我的资源</h1>
          <p className={styles.subtitle}>下载过的、收藏的资源，自己组的试卷{teacher ? '和上传的资源' : ''}都在这里</p>
        </div>
        <section className={styles.card}>
          <Tabs
            activeKey={tab}
            destroyOnHidden
            onChange={(k) => setSearch({ tab: k }, { replace: true })}
            items={items}
          />
        </section>
      </div>
    </div>
  );
}
