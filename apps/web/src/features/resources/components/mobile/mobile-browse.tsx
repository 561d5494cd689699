/**
 * H5 `browse` (浏览, docs/product.md §2): resources and papers by 学段 and 学科, in two tabs, with an
 * endless list. 学段 and 学科 come from the shared dictionaries; the choice is kept in the URL.
 * Papers open in the readable print view of the paper centre. antd-mobile only.
 */
import { useNavigate, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, InfiniteScroll, Selector, Tabs, Tag } from 'antd-mobile';
import { paperPrintPath, paths } from '@/config/paths';
import { useStageSubjects, useStages } from '@/api/dictionaries';
import { errorMessage } from '@/lib/error-message';
import { getPapers } from '../../api/get-papers';
import { formatScore } from '../../lib/format';
import { MobileBar } from './mobile-bar';
import styles from './mobile.module.css';
import { ResourceFeedList } from './resource-feed';

const PAGE_SIZE = 20;

function PaperFeed({ stageId, subjectId }: { stageId?: number; subjectId?: number }) {
  const navigate = useNavigate();
  const list = useInfiniteQuery({
    queryKey: ['question-bank', 'papers', 'h5', stageId, subjectId],
    queryFn: ({ pageParam }) => getPapers({ stageId, subjectId, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isError && !list.data)
    return (
      <ErrorBlock status="disconnected" title="加载失败" description={errorMessage(list.error)}>
        <Button color="primary" onClick={() => void list.refetch()}>
          重试
        </Button>
      </ErrorBlock>
    );
  if (!list.data)
    return (
      <div className={styles.loading}>
        加载中 <DotLoading />
      </div>
    );
  if (items.length === 0) return <ErrorBlock status="empty" title="当前条件下暂无试卷" description="" />;
  return (
    <>
      <p className={styles.hint}>共 {list.data.pages[0]!.total} 套试卷</p>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="h5-paper-list">
        {items.map((p) => (
          <li key={p.id} className={styles.paper}>
            <button
              type="button"
              onClick={() => navigate(paperPrintPath('paper', p.id))}
              style={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%' }}
            >
              <h3 className={styles.paperTitle}>{p.title}</h3>
              <span className={styles.itemMeta}>
                {[
                  p.year ? `${p.year} 年` : null,
                  p.region,
                  p.paperType,
                  `${p.questionCount} 题`,
                  `${formatScore(p.totalScore)} 分`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              {p.partial && (
                <Tag color="warning" fill="outline" style={{ marginLeft: 6 }}>
                  节选
                </Tag>
              )}
            </button>
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={async () => void (await list.fetchNextPage())} hasMore={!!list.hasNextPage} />
    </>
  );
}

export function MobileBrowse() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const stageId = Number(search.get('stageId')) || undefined;
  const subjectId = Number(search.get('subjectId')) || undefined;
  const tab = search.get('tab') === 'papers' ? 'papers' : 'resources';
  const stages = useStages();
  const subjects = useStageSubjects(stageId);

  const update = (patch: { stageId?: number; subjectId?: number; tab?: string }) => {
    const next = { stageId, subjectId, tab, ...patch };
    const q = new URLSearchParams();
    if (next.stageId) q.set('stageId', String(next.stageId));
    if (next.subjectId) q.set('subjectId', String(next.subjectId));
    if (next.tab === 'papers') q.set('tab', 'papers');
    setSearch(q, { replace: true });
  };

  return (
    <div className={styles.page}>
      <MobileBar
        title="资源浏览"
        onBack={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.mobile.home))}
      />
      <section className={styles.section} aria-label="筛选">
        <h2 className={styles.sectionTitle}>学段</h2>
        {stages.isError ? (
          <p className={styles.hint}>学段加载失败</p>
        ) : (
          <Selector
            aria-label="学段"
            columns={4}
            value={stageId ? [stageId] : []}
            options={(stages.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
            onChange={(v) => update({ stageId: v[0], subjectId: undefined })}
          />
        )}
        {stageId !== undefined && (
          <>
            <h2 className={styles.sectionTitle} style={{ marginTop: 12 }}>
              学科
            </h2>
            <Selector
              aria-label="学科"
              columns={4}
              value={subjectId ? [subjectId] : []}
              options={(subjects.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
              onChange={(v) => update({ subjectId: v[0] })}
            />
          </>
        )}
      </section>
      <section className={styles.section}>
        <Tabs activeKey={tab} onChange={(k) => update({ tab: k })}>
          <Tabs.Tab title="资源" key="resources">
            <ResourceFeedList
              key={`${stageId}-${subjectId}`}
              query={{ stageId, subjectId, sort: 'downloads' }}
              empty="当前条件下暂无资源"
            />
          </Tabs.Tab>
          <Tabs.Tab title="试卷" key="papers">
            <PaperFeed key={`${stageId}-${subjectId}`} stageId={stageId} subjectId={subjectId} />
          </Tabs.Tab>
        </Tabs>
      </section>
    </div>
  );
}
