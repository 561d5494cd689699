/** H5 home: featured textbooks per stage (tabs), three columns of covers, linking to the H5 book page. */
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Skeleton } from 'antd-mobile';
import { H5Tabs } from '@/components/ui/h5-tabs';
import { paths } from '@/config/paths';
import { useTextbookFacets } from '../../api/get-textbook-facets';
import { useTextbooks } from '../../api/get-textbooks';
import { FEATURED_COUNT, featuredStages } from '../../lib/featured';
import { MobileCover } from './mobile-cover';
import { splitTitle } from '../../lib/title';
import styles from './mobile.module.css';

function StageBooks({ stageId }: { stageId: number }) {
  const list = useTextbooks({ stageId, page: 1, pageSize: FEATURED_COUNT });
  if (!list.data) return <Skeleton.Paragraph lineCount={4} animated />;
  return (
    <div className={styles.featuredGrid}>
      {list.data.items.map((b) => (
        <Link key={b.id} to={`${paths.mobile.browseBook}?id=${b.id}`} className={styles.featuredItem}>
          <MobileCover id={b.id} coverUrl={b.coverUrl} title={b.title} />
          <span title={b.title}>{splitTitle(b.title).name}</span>
        </Link>
      ))}
    </div>
  );
}

export function MobileFeaturedTextbooks() {
  const facets = useTextbookFacets({});
  const stages = useMemo(() => featuredStages(facets.data?.stage ?? []), [facets.data]);
  const [active, setActive] = useState<string>();
  const panelId = useId();
  const current = active ?? (stages[0] ? String(stages[0].id) : undefined);
  if (facets.isError || (facets.data && stages.length === 0)) return null;
  return (
    <section className="eav-h5-card" aria-label="精选教材" data-testid="h5-featured">
      <div className={styles.featuredHead}>
        <h2>精选教材</h2>
        <Link to={current ? `${paths.mobile.textbook}?stageId=${current}` : paths.mobile.textbook}>更多</Link>
      </div>
      {!facets.data ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : (
        <>
          <H5Tabs
            label="学段"
            tabs={stages.map((s) => ({ key: String(s.id), title: s.name }))}
            activeKey={current}
            onChange={setActive}
            panelIdPrefix={panelId}
          />
          {current && (
            <div
              role="tabpanel"
              id={`${panelId}-${current}`}
              aria-label={stages.find((s) => String(s.id) === current)?.name}
              className={styles.featuredPanel}
            >
              <StageBooks stageId={Number(current)} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
