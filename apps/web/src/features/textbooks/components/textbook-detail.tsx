/**
 * `/detail?id=…`: metadata, access and progress, 在线阅读 / 继续阅读 and 激活 actions, the chapter
 * tree (jumping into the reader), attached videos and related books.
 */
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PlayCircleOutlined, ReadOutlined, SoundOutlined, KeyOutlined, LockOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Empty, Progress, Result, Skeleton, Tag } from 'antd';
import type { TextbookDetail as Detail } from '@eav/contract';
import { loginPath, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { useTextbook } from '../api/get-textbook';
import { readAction } from '../lib/access';
import { formatDuration, formatFileSize } from '../lib/format';
import { AccessBadge, VideoBadge } from './access-badge';
import { LazyActivationDialog } from './lazy-activation-dialog';
import { useActivationGate } from './use-activation-gate';
import { ChapterTree } from './chapter-tree';
import { CoverImage } from './cover-image';
import { QueryError } from '@/components/errors/query-error';
import { detailHref } from './textbook-card';
import styles from './textbooks.module.css';

/** `/preview?id=` optionally at a page. */
export function previewHref(id: number, page?: number): string {
  return `${paths.preview}?id=${id}${page ? `&page=${page}` : ''}`;
}

function Meta({ book }: { book: Detail }) {
  const rows: [string, string | null | undefined][] = [
    ['学段', book.stage.name],
    ['学科', book.subject.name],
    ['年级', book.grade?.name],
    ['册次', book.volume?.name],
    ['版本', book.edition.name],
    ['出版社', book.publisher?.name],
    ['页数', book.pageCount ? `${book.pageCount} 页` : null],
    ['文件大小', book.fileSize ? formatFileSize(book.fileSize) : null],
  ];
  return (
    <dl className={styles.detailMeta}>
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

function DetailSkeleton() {
  return (
    <div className={styles.detailHead} aria-busy>
      <div className={styles.detailCover}>
        <div className={`${styles.cover} ${styles.shimmer}`} />
      </div>
      <div className={styles.detailInfo}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    </div>
  );
}

export interface TextbookDetailProps {
  /**
   * More sections under the videos (the route adds the book's 版次与勘误), given the book and a
   * function that opens the reader at a page (or asks to log in or activate first).
   */
  renderExtra?: (book: Detail, read: (page?: number) => void) => ReactNode;
}

export function TextbookDetail({ renderExtra }: TextbookDetailProps = {}) {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const query = useTextbook(validId ? id : undefined);
  const loggedIn = useSession((s) => !!s.user);
  const navigate = useNavigate();
  const gate = useActivationGate();
  const [activating, setActivating] = useState(false);

  if (!validId || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <div className={styles.page}>
        <div className={styles.container}>
          <Result
            status="404"
            title="没有找到这本教材"
            subTitle={query.error instanceof ApiError ? query.error.msg : '链接中的教材编号不正确，教材可能已下架。'}
            extra={
              <Button type="primary" onClick={() => navigate(paths.digitalBook)}>
                去数字教材浏览
              </Button>
            }
          />
        </div>
      </div>
    );
  }

  const book = query.data;
  const action = book ? readAction(book, loggedIn) : 'read';
  const progress = book?.progress;

  const read = (page?: number) => {
    if (!book) return;
    if (action === 'read') navigate(previewHref(book.id, page));
    else if (action === 'login') navigate(loginPath('login', previewHref(book.id, page)));
    else if (action === 'activate') setActivating(true);
  };

  return (
    <div className={styles.page}>
      <div className={styles.container}>
        <Breadcrumb
          className={styles.breadcrumb}
          items={[
            { title: <Link to={paths.home}>首页</Link> },
            { title: <Link to={paths.digitalBook}>数字教材</Link> },
            { title: book?.title ?? '教材详情' },
          ]}
        />
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} title="教材信息加载失败" />
        ) : !book ? (
          <DetailSkeleton />
        ) : (
          <>
            <section className={styles.detailHead}>
              <div className={styles.detailCover}>
                <CoverImage id={book.id} coverUrl={book.coverUrl} title={book.title} eager />
              </div>
              <div className={styles.detailInfo}>
                <h1 className={styles.detailTitle}>{book.title}</h1>
                <div>
                  {book.hasFile ? (
                    <AccessBadge access={book.access} owned={book.owned} />
                  ) : (
                    <Tag color="default">暂无电子版</Tag>
                  )}
                </div>
                <Meta book={book} />
                {book.description && <p className={styles.detailDesc}>{book.description}</p>}
                {progress && book.canRead && (
                  <div className={styles.progressNote} data-testid="detail-progress">
                    <span>上次读到第 {progress.page} 页</span>
                    {progress.totalPages ? (
                      <Progress
                        size="small"
                        aria-label="阅读进度"
                        style={{ flex: 1, margin: 0 }}
                        percent={Math.round((progress.page / progress.totalPages) * 100)}
                      />
                    ) : null}
                  </div>
                )}
                <div className={styles.detailActions}>
                  {action === 'read' && (
                    <Button type="primary" size="large" icon={<ReadOutlined />} onClick={() => read(progress?.page)}>
                      {progress ? '继续阅读' : '在线阅读'}
                    </Button>
                  )}
                  {action === 'login' && (
                    <Button type="primary" size="large" icon={<LockOutlined />} onClick={() => read()}>
                      登录后阅读
                    </Button>
                  )}
                  {book.access === 'activation' && !book.owned && book.hasFile && (
                    <Button
                      size="large"
                      type={action === 'activate' ? 'primary' : 'default'}
                      icon={<KeyOutlined />}
                      onClick={() => gate(() => setActivating(true))}
                    >
                      激活
                    </Button>
                  )}
                  {action === 'unavailable' && book.hasFile && (
                    <Button size="large" disabled>
                      暂不可阅读
                    </Button>
                  )}
                  {!book.canRead && book.accessHint && <span className={styles.accessHint}>{book.accessHint}</span>}
                </div>
              </div>
            </section>

            <div className={styles.detailBody}>
              <div>
                <section className={styles.panel}>
                  <h2 className={styles.panelTitle}>目录</h2>
                  <ChapterTree
                    chapters={book.chapters}
                    hidePages={!book.hasFile}
                    onJump={book.hasFile ? (p) => read(p) : undefined}
                  />
                </section>
                <section className={styles.panel}>
                  <h2 className={styles.panelTitle}>
                    配套音视频
                    {book.videos.length > 0 && (
                      <Link to={`${paths.material}?id=${book.id}`} style={{ fontSize: 14, fontWeight: 400 }}>
                        按章节查看
                      </Link>
                    )}
                  </h2>
                  {book.videos.length === 0 ? (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这本教材暂无配套音视频" />
                  ) : (
                    book.videos.map((v) => (
                      <Link key={v.id} to={`${paths.videoOnlineLearning}?id=${v.id}`} className={styles.videoItem}>
                        <span className={styles.videoIcon}>
                          {v.kind === 'audio' ? <SoundOutlined /> : <PlayCircleOutlined />}
                        </span>
                        <span className={styles.videoText}>
                          <strong>{v.title}</strong>
                          <span>
                            {v.chapterTitle ?? '全书'}
                            {v.durationSec ? ` · ${formatDuration(v.durationSec)}` : ''}
                          </span>
                        </span>
                        <VideoBadge video={v} />
                      </Link>
                    ))
                  )}
                </section>
                {renderExtra?.(book, read)}
              </div>
              <aside>
                <section className={styles.panel}>
                  <h2 className={styles.panelTitle}>相关教材</h2>
                  {book.related.length === 0 ? (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无相关教材" />
                  ) : (
                    <div className={styles.relatedList}>
                      {book.related.map((r) => (
                        <Link key={r.id} to={detailHref(r.id)} className={styles.relatedItem}>
                          <CoverImage id={r.id} coverUrl={r.coverUrl} title={r.title} className={styles.relatedCover} />
                          <span className={styles.relatedText}>
                            <strong>{r.title}</strong>
                            <span>
                              {r.edition.name}
                              {r.publisher ? ` · ${r.publisher.name}` : ''}
                            </span>
                          </span>
                        </Link>
                      ))}
                    </div>
                  )}
                </section>
              </aside>
            </div>
            <LazyActivationDialog
              open={activating}
              onClose={() => setActivating(false)}
              bookTitle={book.title}
              bookId={book.id}
            />
          </>
        )}
      </div>
    </div>
  );
}
