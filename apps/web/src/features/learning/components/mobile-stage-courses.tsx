/**
 * `/mobileH5/course3|course4|course5[?subjectId=]`: the H5 home's course lists, one per 学段
 * (course3 小学, course4 初中, course5 高中; docs/mobile.md, H5 routes). The stage's network-learning
 * lessons in book and chapter order, narrowed by 学科 (the subjects taught in that stage, from the dictionary);
 * a lesson opens in the H5 network-learning player. The chosen subject is kept in the URL.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { ErrorBlock, InfiniteScroll, List, NavBar, Skeleton } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useStageSubjects, useStages } from '@/api/dictionaries';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { getVideos } from '../api/get-videos';
import { LessonItem } from './mobile-network-learning';
import styles from './mobile-learning.module.css';

/** The stage names of the dictionary that the three course pages show. */
export type CourseStage = '小学' | '初中' | '高中';

export function MobileStageCourses({ stage }: { stage: CourseStage }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const stages = useStages();
  const stageId = stages.data?.find((s) => s.name === stage)?.id;
  const subjects = useStageSubjects(stageId);
  const subjectId = Number(search.get('subjectId')) || undefined;
  const lessons = useInfiniteQuery({
    queryKey: ['videos', 'h5-stage', stageId, subjectId],
    queryFn: ({ pageParam }) => getVideos({ stageId, subjectId, page: pageParam, pageSize: 20 }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: !!stageId,
  });
  const items = lessons.data?.pages.flatMap((p) => p.items) ?? [];
  const total = lessons.data?.pages[0]?.total;
  const error = stages.error ?? lessons.error;
  const unknownStage = stages.isSuccess && !stageId;
  const chooseSubject = (id: number | undefined) => {
    const next = new URLSearchParams(search);
    if (id) next.set('subjectId', String(id));
    else next.delete('subjectId');
    setSearch(next, { replace: true });
  };

  return (
    <div className={styles.page}>
      <NavBar
        className={styles.nav}
        // antd-mobile marks its back text aria-hidden, leaving its role=button nameless: `left` names it.
        left={<span className="eav-visually-hidden">返回</span>}
        onBack={() => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.mobile.home))}
      >
        <h1 className={styles.navTitle}>{stage}课程</h1>
      </NavBar>
      {subjects.data && subjects.data.length > 0 && (
        <div className={styles.chips} role="group" aria-label="学科">
          <button
            type="button"
            className={styles.chip}
            aria-pressed={subjectId === undefined}
            onClick={() => chooseSubject(undefined)}
          >
            全部
          </button>
          {subjects.data.map((s) => (
            <button
              key={s.id}
              type="button"
              className={styles.chip}
              aria-pressed={subjectId === s.id}
              onClick={() => chooseSubject(subjectId === s.id ? undefined : s.id)}
            >
              {s.name}
            </button>
          ))}
        </div>
      )}
      <section className={styles.listCard} aria-labelledby="stage-courses-title">
        <h2 id="stage-courses-title">{total === undefined ? '课程' : `共 ${total} 节课程`}</h2>
        {unknownStage ? (
          <ErrorBlock status="empty" title="暂无课程" description={`还没有${stage}学段的课程`} />
        ) : error && items.length === 0 ? (
          <ErrorBlock
            status="disconnected"
            title="加载失败"
            description={error instanceof ApiError ? error.msg : '请稍后重试'}
          />
        ) : !lessons.data ? (
          <Skeleton.Paragraph lineCount={6} animated />
        ) : items.length === 0 ? (
          <ErrorBlock status="empty" title="暂无课程" description="这个学科还没有音视频课程" />
        ) : (
          <List data-testid="h5-stage-lessons">
            {items.map((v) => (
              <LessonItem
                key={v.id}
                v={v}
                active={false}
                onClick={() => void navigate(`${paths.mobile.networkLearning}?id=${v.id}`)}
              />
            ))}
          </List>
        )}
        {items.length > 0 && (
          <InfiniteScroll
            loadMore={async () => void (await lessons.fetchNextPage({ throwOnError: true }))}
            hasMore={!!lessons.hasNextPage}
          />
        )}
      </section>
    </div>
  );
}
