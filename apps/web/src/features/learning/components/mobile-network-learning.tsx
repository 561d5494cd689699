/**
 * `/mobileH5/networkLearning[?id=<lesson>][&textbookId=<book>]`: H5 network learning. A player on
 * top for the chosen lesson (or a prompt to log in / activate), and the lesson list below:
 * the book's lessons when `textbookId` is given, else every lesson.
 */
import { useNavigate, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, InfiniteScroll, List, NavBar, Skeleton, Tag } from 'antd-mobile';
import { PlayOutline, SoundOutline } from 'antd-mobile-icons';
import { videoAccessLabel, type WatchableVideo } from '@eav/contract';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useTextbookVideos } from '../api/get-textbook-videos';
import { useVideoPlay } from '../api/get-video-play';
import { getVideos } from '../api/get-videos';
import { formatSeconds } from '../lib/time';
import { VideoPlayer } from './video-player';
import styles from './mobile-learning.module.css';
import { ROW_ACTION_ROW, RowButton } from '@/components/ui/row-action';

function MobileStage({ id }: { id: number }) {
  const play = useVideoPlay(id);
  const loggedIn = useSession((s) => !!s.user);
  const navigate = useNavigate();
  if (play.isError) {
    const denied = play.error instanceof ApiError && play.error.status === 404;
    return (
      <div className={styles.blocked}>
        <p>{play.error instanceof ApiError ? play.error.msg : '课程加载失败'}</p>
        {denied && !loggedIn && (
          <Button
            size="small"
            color="primary"
            onClick={() => navigate(`${paths.mobile.login}?redirect=${encodeURIComponent(currentFullPath())}`)}
          >
            登录后观看
          </Button>
        )}
        {denied && loggedIn && (
          <Button size="small" color="warning" onClick={() => navigate(paths.mobile.activation)}>
            去激活教材
          </Button>
        )}
      </div>
    );
  }
  if (!play.data) return <div className={styles.loading} />;
  return (
    <>
      <VideoPlayer key={id} grant={play.data} autoPlay={false} />
      <div className={styles.info}>
        <h1>{play.data.video.title}</h1>
        <p>
          《{play.data.video.textbookTitle}》 {play.data.video.chapterTitle ?? ''}
        </p>
      </div>
    </>
  );
}

/** One lesson of an H5 lesson list: title, access tag, book and chapter, duration. */
export function LessonItem({ v, active, onClick }: { v: WatchableVideo; active: boolean; onClick(): void }) {
  return (
    <List.Item
      prefix={v.kind === 'audio' ? <SoundOutline fontSize={22} /> : <PlayOutline fontSize={22} />}
      description={`${v.textbookTitle}${v.chapterTitle ? ` · ${v.chapterTitle}` : ''}`}
      extra={v.durationSec ? formatSeconds(v.durationSec) : undefined}
      arrow
      className={active ? `${styles.active} ${ROW_ACTION_ROW}` : ROW_ACTION_ROW}
    >
      <RowButton onClick={onClick}>{v.title}</RowButton>{' '}
      {!v.canWatch && (
        <Tag color="warning" fill="outline">
          {videoAccessLabel(v)}
        </Tag>
      )}
    </List.Item>
  );
}

export function MobileNetworkLearning() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('id')) || undefined;
  const textbookId = Number(search.get('textbookId')) || undefined;
  const bookLessons = useTextbookVideos(textbookId);
  const all = useInfiniteQuery({
    queryKey: ['videos', 'h5'],
    queryFn: ({ pageParam }) => getVideos({ page: pageParam, pageSize: 20 }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: !textbookId,
  });
  const lessons = textbookId ? (bookLessons.data ?? []) : (all.data?.pages.flatMap((p) => p.items) ?? []);
  const pending = textbookId ? bookLessons.isPending : all.isPending;
  const error = textbookId ? bookLessons.error : all.error;
  const choose = (v: number) => {
    const next = new URLSearchParams(search);
    next.set('id', String(v));
    setSearch(next, { replace: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className={styles.page}>
      <NavBar
        className={styles.nav}
        // antd-mobile marks its back text aria-hidden, leaving its role=button nameless: `left` names it.
        left={<span className="eav-visually-hidden">返回</span>}
        onBack={() => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.mobile.home))}
      >
        网络学习
      </NavBar>
      {id && (
        <div className={styles.stage}>
          <MobileStage id={id} />
        </div>
      )}
      <section className={styles.listCard}>
        <h2>{textbookId ? `${lessons[0]?.textbookTitle ?? '本书'}的课程` : '全部课程'}</h2>
        {error && lessons.length === 0 ? (
          <ErrorBlock
            status="disconnected"
            title="加载失败"
            description={error instanceof ApiError ? error.msg : '请稍后重试'}
          />
        ) : pending ? (
          <Skeleton.Paragraph lineCount={6} animated />
        ) : lessons.length === 0 ? (
          <ErrorBlock status="empty" title="暂无课程" description="这里还没有音视频课程" />
        ) : (
          <List data-testid="h5-lessons">
            {lessons.map((v) => (
              <LessonItem key={v.id} v={v} active={v.id === id} onClick={() => choose(v.id)} />
            ))}
          </List>
        )}
        {!textbookId && lessons.length > 0 && (
          <InfiniteScroll
            loadMore={async () => void (await all.fetchNextPage({ throwOnError: true }))}
            hasMore={!!all.hasNextPage}
          />
        )}
      </section>
    </div>
  );
}
