/**
 * `/smartPublishing` (智慧出版): the press's digital publications by kind, built from the catalogue
 * (`GET /api/v1/publishing/showcase`; the rule of each kind is shown under its heading), and the
 * 出版动态 list, paginated in the URL (`?page=`). Book cards come from the route (`renderBook`):
 * this feature does not draw the catalogue's cards itself.
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { beijingDayOf, type TextbookListItem } from '@eav/contract';
import { Alert, Button, Empty, Pagination, Skeleton } from 'antd';
import { paths } from '@/config/paths';
import { ANNOUNCEMENTS_PAGE_SIZE, useAnnouncements } from '../api/get-announcements';
import { useShowcase } from '../api/get-showcase';
import styles from './publishing.module.css';
import { usePageLinks } from '@/components/ui/page-links';

/** `/smartPublishing/news?id=`. */
export const announcementHref = (id: number) => `${paths.publishingNews}?id=${id}`;

function Showcase({ renderBook }: { renderBook: (book: TextbookListItem) => ReactNode }) {
  const q = useShowcase();
  if (q.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="出版物加载失败"
        description="请检查网络后重试。"
        action={<Button onClick={() => void q.refetch()}>重试</Button>}
      />
    );
  if (!q.data)
    return (
      <div className={styles.block}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  return (
    <>
      {q.data.kinds.map((k) => (
        <section
          key={k.kind}
          className={styles.block}
          aria-labelledby={`kind-${k.kind}`}
          data-testid={`showcase-${k.kind}`}
        >
          <div className={styles.blockHead}>
            <h2 id={`kind-${k.kind}`} className={styles.blockTitle}>
              {k.name}
              <span className={styles.count}>共 {k.total} 种</span>
            </h2>
            <p className={styles.rule}>{k.rule}</p>
          </div>
          {k.items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`目录中暂无${k.name}`} />
          ) : (
            <div className={styles.grid}>{k.items.map((b) => renderBook(b))}</div>
          )}
          {k.total > k.items.length && (
            <p className={styles.more}>
              <Link to={paths.digitalBook}>在数字教材中浏览全部教材</Link>
            </p>
          )}
        </section>
      ))}
    </>
  );
}

function News() {
  const pageLinks = usePageLinks();
  const [search, setSearch] = useSearchParams();
  const raw = Number(search.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const q = useAnnouncements(page);
  return (
    <section className={styles.block} aria-labelledby="news-title" data-testid="publishing-news">
      <div className={styles.blockHead}>
        <h2 id="news-title" className={styles.blockTitle}>
          出版动态
        </h2>
      </div>
      {q.isError ? (
        <Alert
          type="error"
          showIcon
          title="出版动态加载失败"
          action={<Button onClick={() => void q.refetch()}>重试</Button>}
        />
      ) : !q.data ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : q.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无出版动态" />
      ) : (
        <>
          <ul className={styles.newsList}>
            {q.data.items.map((a) => (
              <li key={a.id} className={styles.newsItem}>
                <Link to={announcementHref(a.id)} className={styles.newsLink}>
                  {a.title}
                </Link>
                <time className={styles.newsDate} dateTime={a.publishedAt ?? undefined}>
                  {beijingDayOf(a.publishedAt)}
                </time>
                {a.summary && <p className={styles.newsSummary}>{a.summary}</p>}
              </li>
            ))}
          </ul>
          {q.data.total > ANNOUNCEMENTS_PAGE_SIZE && (
            <Pagination
              itemRender={pageLinks}
              className={styles.pagination}
              current={page}
              pageSize={ANNOUNCEMENTS_PAGE_SIZE}
              total={q.data.total}
              showSizeChanger={false}
              onChange={(p) => setSearch(p === 1 ? {} : { page: String(p) })}
            />
          )}
        </>
      )}
    </section>
  );
}

export function PublishingHome({ renderBook }: { renderBook: (book: TextbookListItem) => ReactNode }) {
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>智慧出版</h1>
          <p className={styles.heroSub}>数字教材、音像教材与融合出版物，以及教材的版次、印次与勘误信息</p>
        </div>
      </section>
      <div className={styles.container}>
        <div className={styles.columns}>
          <div className={styles.mainCol}>
            <Showcase renderBook={renderBook} />
          </div>
          <aside className={styles.sideCol} aria-label="出版动态">
            <News />
          </aside>
        </div>
      </div>
    </div>
  );
}
