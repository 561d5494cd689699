/**
 * A lesson card: poster with play mark and duration, title, textbook and chapter; a lock badge
 * (登录观看 / 激活观看) only when the current user may not watch it yet.
 */
import { Link } from 'react-router';
import { PlayCircleFilled, SoundFilled } from '@ant-design/icons';
import { videoAccessLabel, type WatchableVideo } from '@eav/contract';
import { paths } from '@/config/paths';
import { formatSeconds } from '../lib/time';
import styles from './learning.module.css';

export const lessonHref = (id: number) => `${paths.videoOnlineLearning}?id=${id}`;

export function LessonCard({ lesson }: { lesson: WatchableVideo }) {
  return (
    <Link to={lessonHref(lesson.id)} className={styles.card} data-testid="lesson-card">
      <div className={styles.poster}>
        {lesson.posterUrl ? (
          <img src={lesson.posterUrl} alt="" loading="lazy" />
        ) : (
          <div className={styles.posterBlank} />
        )}
        <span className={styles.playMark}>{lesson.kind === 'audio' ? <SoundFilled /> : <PlayCircleFilled />}</span>
        {lesson.durationSec ? <span className={styles.duration}>{formatSeconds(lesson.durationSec)}</span> : null}
        {!lesson.canWatch && <span className={styles.lock}>{videoAccessLabel(lesson)}</span>}
      </div>
      <div className={styles.cardBody}>
        <h3>{lesson.title}</h3>
        <p>{lesson.textbookTitle}</p>
        <p className={styles.chapter}>{lesson.chapterTitle ?? '全书'}</p>
      </div>
    </Link>
  );
}

export function LessonCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden>
      <div className={`${styles.poster} ${styles.shimmer}`} />
      <div className={styles.cardBody}>
        <div className={`${styles.skel} ${styles.shimmer}`} style={{ width: '85%' }} />
        <div className={`${styles.skel} ${styles.shimmer}`} style={{ width: '60%' }} />
      </div>
    </div>
  );
}
