/**
 * Home page: featured textbooks per stage (小学 / 初中 / 高中 tabs) from the real catalogue. The tabs
 * are the catalogue's stages that have books (the three main stages first); each tab shows the first
 * books of that stage and links to the filtered catalogue.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { RightOutlined } from '@ant-design/icons';
import { Empty, Tabs } from 'antd';
import { paths } from '@/config/paths';
import { useTextbookFacets } from '../api/get-textbook-facets';
import { useTextbooks } from '../api/get-textbooks';
import { FEATURED_COUNT, featuredStages } from '../lib/featured';
import { QueryError } from '@/components/errors/query-error';
import { TextbookCard, TextbookCardSkeleton } from './textbook-card';
import styles from './textbooks.module.css';

function StageBooks({ stageId }: { stageId: number }) {
  const list = useTextbooks({ stageId, page: 1, pageSize: FEATURED_COUNT });
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data)
    return (
      <div className={styles.featuredGrid} aria-busy>
        {Array.from({ length: FEATURED_COUNT }, (_, i) => (
          <TextbookCardSkeleton key={i} />
        ))}
      </div>
    );
  if (list.data.items.length === 0) return <Empty description="该学段暂无教材" />;
  return (
    <div className={styles.featuredGrid}>
      {list.data.items.map((b) => (
        <TextbookCard key={b.id} book={b} />
      ))}
    </div>
  );
}

export function FeaturedTextbooks() {
  const facets = useTextbookFacets({});
  const stages = useMemo(() => featuredStages(facets.data?.stage ?? []), [facets.data]);
  const [active, setActive] = useState<number>();
  const current = active ?? stages[0]?.id;

  return (
    <section className={styles.featured} aria-labelledby="featured-title" data-testid="featured-textbooks">
      <div className={styles.featuredHead}>
        <div>
          <h2 id="featured-title">精选数字教材</h2>
          <p>
            {facets.data
              ? `平台已收录 ${facets.data.total} 本教材，覆盖各学段主要学科与版本`
              : '覆盖各学段主要学科与版本'}
          </p>
        </div>
        <Link to={current ? `${paths.digitalBook}?stageId=${current}` : paths.digitalBook}>
          查看更多 <RightOutlined />
        </Link>
      </div>
      {facets.isError ? (
        <QueryError error={facets.error} onRetry={() => void facets.refetch()} />
      ) : !facets.data ? (
        <div className={styles.featuredGrid} aria-busy style={{ marginTop: 56 }}>
          {Array.from({ length: FEATURED_COUNT }, (_, i) => (
            <TextbookCardSkeleton key={i} />
          ))}
        </div>
      ) : stages.length === 0 ? (
        <Empty description="教材目录还是空的" />
      ) : (
        <Tabs
          activeKey={String(current)}
          onChange={(k) => setActive(Number(k))}
          items={stages.map((s) => ({
            key: String(s.id),
            label: `${s.name}（${s.count}）`,
            children: <StageBooks stageId={s.id} />,
          }))}
        />
      )}
    </section>
  );
}
