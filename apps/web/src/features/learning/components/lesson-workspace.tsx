/**
 * A lesson player with the textbook's lessons grouped by chapter beside it. Used by
 * `/videoOnlineLearning?id=<lesson>` (one lesson, its book's playlist) and `/material?id=<book>`
 * (a book's lessons, the chosen one in `videoId`). Lessons the user may not play show the
 * server's message and the way to access (登录 / 激活).
 */
import { Link, useNavigate } from 'react-router';
import { LockOutlined, PlayCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Empty, Result, Skeleton, Tag } from 'antd';
import { videoAccessLabel, type WatchableVideo } from '@eav/contract';
import { loginPath, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useTextbookVideos } from '../api/get-textbook-videos';
import { useVideoPlay } from '../api/get-video-play';
import { groupByChapter } from '../lib/source';
import { formatSeconds } from '../lib/time';
import { VideoPlayer } from './video-player';
import styles from './learning.module.css';

interface Props {
  textbookId: number | undefined;
  /** The lesson to play (undefined: nothing chosen yet). */
  videoId: number | undefined;
  /** Known lesson metadata (for the heading while the grant loads). */
  lesson?: WatchableVideo;
  onSelect(videoId: number): void;
  /** 'lesson' (videoOnlineLearning) or 'book' (material). */
  mode: 'lesson' | 'book';
}

function Stage({ videoId, textbookId }: { videoId: number; textbookId: number | undefined }) {
  const play = useVideoPlay(videoId);
  const loggedIn = useSession((s) => !!s.user);
  const navigate = useNavigate();
  if (play.isError) {
    const denied = play.error instanceof ApiError && play.error.status === 404;
    return (
      <div className={styles.stageBlocked} data-testid="lesson-blocked">
        <LockOutlined className={styles.stageIcon} />
        <p>{play.error instanceof ApiError ? play.error.msg : '课程加载失败，请稍后重试'}</p>
        <div className={styles.stageActions}>
          {denied && !loggedIn && (
            <Button type="primary" onClick={() => navigate(loginPath('login', currentFullPath()))}>
              登录后观看
            </Button>
          )}
          {denied && loggedIn && textbookId && (
            <Button type="primary" onClick={() => navigate(`${paths.detail}?id=${textbookId}`)}>
              去激活教材
            </Button>
          )}
          {!denied && <Button onClick={() => void play.refetch()}>重试</Button>}
        </div>
      </div>
    );
  }
  if (!play.data) return <div className={`${styles.stageLoading} ${styles.shimmerDark}`} aria-busy />;
  return <VideoPlayer key={videoId} grant={play.data} />;
}

export function LessonWorkspace({ textbookId, videoId: chosen, lesson, onSelect, mode }: Props) {
  const lessons = useTextbookVideos(textbookId);
  const groups = groupByChapter(lessons.data ?? []);
  // A book page without a chosen lesson starts with the first one.
  const videoId = chosen ?? (mode === 'book' ? groups[0]?.items[0]?.id : undefined);
  const current = lesson ?? lessons.data?.find((v) => v.id === videoId);
  const bookTitle = current?.textbookTitle ?? lessons.data?.[0]?.textbookTitle;

  return (
    <div className={styles.page}>
      <div className={styles.container}>
        <Breadcrumb
          className={styles.breadcrumb}
          items={[
            { title: <Link to={paths.home}>首页</Link> },
            { title: <Link to={paths.videoResource}>网络学习</Link> },
            ...(bookTitle && textbookId
              ? [{ title: <Link to={`${paths.material}?id=${textbookId}`}>{bookTitle}</Link> }]
              : []),
            ...(mode === 'lesson' && current ? [{ title: current.title }] : []),
          ]}
        />
        <div className={styles.workspace}>
          <div className={styles.stage}>
            {videoId ? (
              <Stage videoId={videoId} textbookId={textbookId} />
            ) : lessons.isPending && textbookId ? (
              <div className={`${styles.stageLoading} ${styles.shimmerDark}`} aria-busy />
            ) : (
              <div className={styles.stageBlocked}>
                <p>这本教材暂无音视频课程</p>
              </div>
            )}
            <div className={styles.lessonInfo}>
              {current ? (
                <>
                  <h1 data-testid="lesson-title">{current.title}</h1>
                  <p className={styles.lessonMeta}>
                    <Tag color={current.canWatch ? 'green' : current.access === 'login' ? 'blue' : 'orange'}>
                      {videoAccessLabel(current)}
                    </Tag>
                    <Link to={`${paths.detail}?id=${current.textbookId}`}>《{current.textbookTitle}》</Link>
                    <span>{current.chapterTitle ?? '全书'}</span>
                    {current.durationSec ? <span>时长 {formatSeconds(current.durationSec)}</span> : null}
                  </p>
                  {current.description && <p className={styles.lessonDesc}>{current.description}</p>}
                </>
              ) : videoId ? (
                <Skeleton active paragraph={{ rows: 1 }} />
              ) : (
                // No lesson chosen or none exists: the page still has its title (one h1 per page).
                <h1 className="eav-visually-hidden">{bookTitle ? `《${bookTitle}》音视频课程` : '音视频课程'}</h1>
              )}
            </div>
          </div>
          <aside className={styles.playlist} aria-label="课程列表">
            <h2>
              课程目录
              {lessons.data && <span>{lessons.data.length} 节</span>}
            </h2>
            {lessons.isError ? (
              <Result
                status="warning"
                subTitle={lessons.error instanceof ApiError ? lessons.error.msg : '课程目录加载失败'}
              />
            ) : !lessons.data ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : lessons.data.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无课程" />
            ) : (
              <div className={styles.playlistScroll}>
                {groups.map((g) => (
                  <section key={g.key} className={styles.group}>
                    <h3>{g.title}</h3>
                    {g.items.map((v) => (
                      <button
                        key={v.id}
                        type="button"
                        className={`${styles.item} ${v.id === videoId ? styles.itemOn : ''}`}
                        aria-current={v.id === videoId ? 'true' : undefined}
                        onClick={() => onSelect(v.id)}
                      >
                        <span className={styles.itemIcon}>
                          {v.kind === 'audio' ? <SoundOutlined /> : <PlayCircleOutlined />}
                        </span>
                        <span className={styles.itemTitle}>{v.title}</span>
                        <span className={styles.itemTime}>
                          {v.access !== 'public' ? <LockOutlined /> : null}{' '}
                          {v.durationSec ? formatSeconds(v.durationSec) : ''}
                        </span>
                      </button>
                    ))}
                  </section>
                ))}
              </div>
            )}
          </aside>
        </div>
      </div>
    </div>
  );
}
