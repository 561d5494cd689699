/**
 * `/myBook` and `/myDigitalBook`: the logged-in user's activated textbooks with activation date and
 * reading progress, 继续阅读 resuming at the saved page, and an activate-by-code entry. Logged-out
 * visitors are sent to login with a redirect back here.
 */
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { KeyOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Empty, Pagination, Progress, Segmented, Skeleton } from 'antd';
import type { MyTextbook } from '@eav/contract';
import { loginPath, paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { MY_TEXTBOOKS_PAGE_SIZE, useMyTextbooks } from '../api/get-my-textbooks';
import { formatDate, progressPercent } from '../lib/format';
import { ActivationDialog } from './activation-dialog';
import { CoverImage } from './cover-image';
import { previewHref } from './textbook-detail';
import { QueryError } from '@/components/errors/query-error';
import { detailHref } from './textbook-card';
import styles from './textbooks.module.css';

type Variant = 'all' | 'digital';

const SOURCE_LABELS: Record<string, string> = { code: '激活码激活', free: '免费领取' };

function MyItem({ item }: { item: MyTextbook }) {
  const navigate = useNavigate();
  const { textbook: book, progress } = item;
  const percent = progress ? progressPercent(progress.page, progress.totalPages ?? book.pageCount) : null;
  return (
    <article className={styles.myItem} data-testid="my-textbook">
      <Link to={detailHref(book.id)} className={styles.myCover}>
        <CoverImage id={book.id} coverUrl={book.coverUrl} title={book.title} />
      </Link>
      <div className={styles.myInfo}>
        <h3>
          <Link to={detailHref(book.id)}>{book.title}</Link>
        </h3>
        <span className={styles.myMeta}>
          {book.edition.name}
          {book.publisher ? ` · ${book.publisher.name}` : ''}
        </span>
        <span className={styles.myMeta}>
          {formatDate(item.activatedAt)} {SOURCE_LABELS[item.source] ?? '已激活'}
        </span>
        <div className={styles.myMeta} data-testid="my-progress">
          {progress ? (
            <>
              已读至第 {progress.page} 页{progress.totalPages ? ` / 共 ${progress.totalPages} 页` : ''}
              {percent !== null && <Progress percent={percent} size="small" showInfo={false} aria-label="阅读进度" />}
            </>
          ) : (
            '尚未开始阅读'
          )}
        </div>
        <div className={styles.myActions}>
          {book.hasFile ? (
            <Button type="primary" icon={<ReadOutlined />} onClick={() => navigate(previewHref(book.id))}>
              {progress ? '继续阅读' : '开始阅读'}
            </Button>
          ) : (
            <Button disabled>暂无电子版</Button>
          )}
          <Button onClick={() => navigate(detailHref(book.id))}>详情</Button>
        </div>
      </div>
    </article>
  );
}

export function MyTextbooks({ variant }: { variant: Variant }) {
  const loggedIn = useSession((s) => !!s.user);
  const location = useLocation();
  const [pageNo, setPageNo] = useState(1);
  const query = useMyTextbooks(pageNo);
  const [activating, setActivating] = useState(false);
  const [filter, setFilter] = useState<'all' | 'reading' | 'new'>('all');
  const navigate = useNavigate();

  if (!loggedIn) return <Navigate to={loginPath('login', location.pathname + location.search)} replace />;

  const items = (query.data?.items ?? [])
    .filter((i) => (variant === 'digital' ? i.textbook.hasFile : true))
    .filter((i) => (filter === 'reading' ? !!i.progress : filter === 'new' ? !i.progress : true));

  return (
    <div className={styles.page}>
      <div className={styles.container}>
        <div className={styles.myHead}>
          <div>
            <h1>{variant === 'digital' ? '我的数字教材' : '我的教材'}</h1>
            <Segmented
              style={{ marginTop: 12 }}
              value={variant}
              onChange={(v) => navigate(v === 'digital' ? paths.myDigitalBook : paths.myBook)}
              options={[
                { label: '全部教材', value: 'all' },
                { label: '可在线阅读', value: 'digital' },
              ]}
            />
          </div>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <Segmented
              value={filter}
              onChange={(v) => setFilter(v as typeof filter)}
              options={[
                { label: '全部', value: 'all' },
                { label: '在读', value: 'reading' },
                { label: '未开始', value: 'new' },
              ]}
            />
            <Button type="primary" icon={<KeyOutlined />} onClick={() => setActivating(true)}>
              激活教材
            </Button>
          </div>
        </div>

        {query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} title="我的教材加载失败" />
        ) : query.isPending ? (
          <div className={styles.myList} aria-busy>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className={styles.myItem}>
                <Skeleton active avatar={{ shape: 'square', size: 96 }} paragraph={{ rows: 3 }} />
              </div>
            ))}
          </div>
        ) : items.length === 0 ? (
          <Empty
            className={styles.empty}
            description={
              query.data.total === 0
                ? '您还没有激活任何教材。可以先去数字教材中选书，或输入激活码激活。'
                : '没有符合条件的教材'
            }
          >
            <Button type="primary" onClick={() => navigate(paths.digitalBook)}>
              去数字教材选书
            </Button>
            <Button style={{ marginLeft: 12 }} onClick={() => setActivating(true)}>
              输入激活码
            </Button>
          </Empty>
        ) : (
          <div className={styles.myList}>
            {items.map((i) => (
              <MyItem key={i.textbook.id} item={i} />
            ))}
          </div>
        )}
        {query.data && query.data.total > MY_TEXTBOOKS_PAGE_SIZE && (
          <Pagination
            style={{ marginTop: 24 }}
            align="center"
            current={pageNo}
            pageSize={MY_TEXTBOOKS_PAGE_SIZE}
            total={query.data.total}
            showSizeChanger={false}
            onChange={setPageNo}
          />
        )}
      </div>
      <ActivationDialog open={activating} onClose={() => setActivating(false)} />
    </div>
  );
}
