/**
 * A training lesson's player, played as network learning plays its lessons: HLS natively where the
 * browser plays .m3u8, else through hls.js (loaded on demand), falling back to the MP4 on a fatal
 * HLS error. While the video plays and the page is visible it sends a heartbeat at once and every
 * TRAINING_LIMITS.heartbeatSeconds, plus one when it pauses or ends (each start of playback is a new
 * session, so paused time is never credited); the server credits the time by
 * its own clock (docs/training.md, Watching), so the client's clock and playback speed count for nothing.
 */
import { TRAINING_LIMITS, type TrainingHeartbeatResult, type TrainingPlayGrant } from '@eav/contract';
import { Alert, Progress, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useLessonPlay } from '../api/get-lesson-play';
import { sendHeartbeat } from '../api/send-heartbeat';
import { durationText, newPlaySession } from '../lib/format';
import styles from './training.module.css';

interface Props {
  lessonId: number;
  /** Seconds credited before this view opened. */
  watched: number;
  onBeat(result: TrainingHeartbeatResult): void;
}

function Video({ grant, onPlaying }: { grant: TrainingPlayGrant; onPlaying(playing: boolean): void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let destroyed = false;
    let hls: { destroy(): void } | undefined;
    const nativeHls = el.canPlayType('application/vnd.apple.mpegurl') !== '';
    const playMp4 = () => {
      el.src = grant.mp4Url;
    };
    if (!grant.hlsUrl || nativeHls) {
      el.src = grant.hlsUrl && nativeHls ? grant.hlsUrl : grant.mp4Url;
    } else {
      void import('hls.js')
        .then(({ default: Hls }) => {
          if (destroyed) return;
          if (!Hls.isSupported()) return playMp4();
          const h = new Hls({ enableWorker: true });
          hls = h;
          h.on(Hls.Events.ERROR, (_e, data) => {
            if (!data.fatal) return;
            h.destroy();
            hls = undefined;
            playMp4();
          });
          h.loadSource(grant.hlsUrl!);
          h.attachMedia(el);
        })
        .catch(playMp4);
    }
    return () => {
      destroyed = true;
      hls?.destroy();
      el.removeAttribute('src');
      el.load();
    };
  }, [grant]);
  return (
    <div className={styles.player}>
      <video
        ref={ref}
        className={styles.video}
        controls
        playsInline
        preload="metadata"
        poster={grant.posterUrl ?? undefined}
        aria-label={grant.title}
        data-testid="training-video"
        controlsList="nodownload"
        onPlaying={() => onPlaying(true)}
        onPause={() => onPlaying(false)}
        onEnded={() => onPlaying(false)}
        onError={() => setFailed(true)}
      />
      {failed && <Alert type="error" showIcon title="视频加载失败，播放地址可能已过期，请刷新页面重试" />}
    </div>
  );
}

export function LessonPlayer({ lessonId, watched, onBeat }: Props) {
  const grant = useLessonPlay(lessonId);
  const [playing, setPlaying] = useState(false);
  const [seconds, setSeconds] = useState(watched);
  const [inactive, setInactive] = useState(false);
  const session = useRef(newPlaySession());
  const started = useRef(false);
  const onBeatRef = useRef(onBeat);
  onBeatRef.current = onBeat;

  useEffect(() => setSeconds(watched), [lessonId, watched]);

  useEffect(() => {
    const beat = () =>
      sendHeartbeat(lessonId, session.current)
        .then((r) => {
          setSeconds(r.watchedSeconds);
          setInactive(!r.active);
          onBeatRef.current(r);
        })
        .catch(() => undefined);
    if (!playing) {
      // Paused or ended: one last heartbeat credits the time up to here.
      if (started.current) void beat();
      return;
    }
    // Each start of playback is a new session: it takes over and credits nothing, so time spent
    // paused is never credited.
    session.current = newPlaySession();
    started.current = true;
    void beat();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void beat();
    }, TRAINING_LIMITS.heartbeatSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [lessonId, playing]);

  if (grant.isError) return <Alert type="error" showIcon title={errorMessage(grant.error, '视频暂不可用')} />;
  if (!grant.data) return <Skeleton.Node active style={{ width: '100%', height: 280 }} />;
  const duration = grant.data.durationSec;
  const percent = Math.min(100, Math.round((seconds * 100) / Math.max(1, duration)));
  return (
    <div>
      <Video grant={grant.data} onPlaying={setPlaying} />
      <div style={{ marginTop: 8 }} data-testid="lesson-progress">
        <Progress percent={percent} aria-label="本课时观看进度" />
        <span className={styles.muted}>
          已累计观看 {durationText(seconds)} / {durationText(duration)}
          {playing ? '（计时中）' : ''}
        </span>
      </div>
      {inactive && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          title="你在另一个窗口或设备上正在观看，本窗口暂不计时。"
        />
      )}
    </div>
  );
}
