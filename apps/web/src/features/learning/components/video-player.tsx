/**
 * HTML5 video (or audio) player for a play grant. HLS is used when the lesson has a playlist:
 * natively where the browser plays .m3u8 (Safari, iOS), else through hls.js (loaded on demand);
 * a fatal HLS error falls back to the MP4.
 */
import { useEffect, useRef, useState } from 'react';
import type { VideoPlayGrant } from '@eav/contract';
import { pickSource } from '../lib/source';
import styles from './learning.module.css';

interface Props {
  grant: VideoPlayGrant;
  autoPlay?: boolean;
  /** Called with an error message a person understands when nothing can be played. */
  onFatal?(message: string): void;
}

export function VideoPlayer({ grant, autoPlay = false, onFatal }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const { video } = grant;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setFailed(null);
    let destroyed = false;
    let hls: { destroy(): void } | undefined;
    const nativeHls = el.canPlayType('application/vnd.apple.mpegurl') !== '';
    const playMp4 = () => {
      el.src = grant.mp4Url;
      if (autoPlay) void el.play().catch(() => undefined);
    };

    if (!grant.hlsUrl || nativeHls) {
      const source = pickSource(grant, { nativeHls, hlsJsSupported: false });
      el.src = source.url;
      if (autoPlay) void el.play().catch(() => undefined);
    } else {
      void import('hls.js')
        .then(({ default: Hls }) => {
          if (destroyed) return;
          const source = pickSource(grant, { nativeHls, hlsJsSupported: Hls.isSupported() });
          if (source.kind !== 'hls.js') return playMp4();
          const h = new Hls({ enableWorker: true });
          hls = h;
          h.on(Hls.Events.ERROR, (_e, data) => {
            if (!data.fatal) return;
            h.destroy();
            hls = undefined;
            playMp4();
          });
          h.loadSource(source.url);
          h.attachMedia(el);
          if (autoPlay) h.on(Hls.Events.MANIFEST_PARSED, () => void el.play().catch(() => undefined));
        })
        .catch(playMp4);
    }
    return () => {
      destroyed = true;
      hls?.destroy();
      el.removeAttribute('src');
      el.load();
    };
  }, [grant, autoPlay]);

  return (
    <div className={styles.player}>
      <video
        ref={ref}
        className={styles.video}
        controls
        playsInline
        preload="metadata"
        poster={video.posterUrl ?? undefined}
        aria-label={video.title}
        data-testid="video-player"
        controlsList="nodownload"
        onError={() => {
          const msg = '视频加载失败，播放地址可能已过期，请刷新页面重试';
          setFailed(msg);
          onFatal?.(msg);
        }}
      />
      {failed && <div className={styles.playerNotice}>{failed}</div>}
    </div>
  );
}
