/**
 * `/smartPublishing/news?id=`: one 出版动态 announcement, its Markdown body drawn by the project's
 * one renderer (components/rich-text, raw HTML off). Unknown or unpublished: a 404 page.
 */
import { beijingDayOf } from '@eav/contract';
import { Link, useSearchParams } from 'react-router';
import { Alert, Breadcrumb, Button, Result, Skeleton } from 'antd';
import { LazyRichText } from '@/components/rich-text';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAnnouncement } from '../api/get-announcement';
import styles from './publishing.module.css';

export function AnnouncementPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useAnnouncement(valid ? id : undefined);
  const missing = !valid || (q.error instanceof ApiError && q.error.status === 404);

  return (
    <div className={styles.page}>
      <div className={`${styles.container} ${styles.articleContainer}`}>
        <Breadcrumb
          className={styles.breadcrumb}
          items={[{ title: <Link to={paths.smartPublishing}>智慧出版</Link> }, { title: '出版动态' }]}
        />
        {missing ? (
          <Result
            status="404"
            // The page's one heading, as in every state below.
            title={<h1 className="eav-result-title">公告不存在或已撤下</h1>}
            extra={
              <Button type="primary" href={`#${paths.smartPublishing}`}>
                返回智慧出版
              </Button>
            }
          />
        ) : q.isError ? (
          <>
            <h1 className={styles.articleTitle}>出版动态</h1>
            <Alert
              type="error"
              showIcon
              title="公告加载失败"
              description="请检查网络后重试。"
              action={<Button onClick={() => void q.refetch()}>重试</Button>}
            />
          </>
        ) : !q.data ? (
          <article className={styles.article}>
            <h1 className={styles.articleTitle}>正在加载公告…</h1>
            <Skeleton active paragraph={{ rows: 8 }} />
          </article>
        ) : (
          <article className={styles.article} data-testid="announcement">
            <h1 className={styles.articleTitle}>{q.data.title}</h1>
            <p className={styles.articleMeta}>
              发布于 <time dateTime={q.data.publishedAt ?? undefined}>{beijingDayOf(q.data.publishedAt)}</time>
            </p>
            <LazyRichText source={q.data.body} className={styles.articleBody} />
            <p className={styles.back}>
              <Link to={paths.smartPublishing}>返回智慧出版</Link>
            </p>
          </article>
        )}
      </div>
    </div>
  );
}
