/**
 * In-page previews of the non-PDF formats (docs/product.md §2, `/ossPreview`): images, audio and video
 * (HLS through hls.js, loaded only for `.m3u8`), and DOCX rendered in the page by docx-preview
 * (loaded on first use). No UI library here: the desktop and the H5 preview pages share them.
 */
import { useEffect, useRef, useState } from 'react';

export function ImageView({ url, alt, className }: { url: string; alt: string; className?: string }) {
  return <img className={className} src={url} alt={alt} data-testid="preview-image" />;
}

export function AudioView({ url, title }: { url: string; title: string }) {
  return (
    <figure style={{ margin: 0, width: 'min(640px, 100%)' }}>
      <figcaption style={{ marginBottom: 12, fontWeight: 600 }}>{title}</figcaption>
      <audio controls preload="metadata" src={url} style={{ width: '100%' }} data-testid="preview-audio">
        您的浏览器不支持音频播放，请下载后收听。
      </audio>
    </figure>
  );
}

/** True when `url` is an HLS playlist (path ends in .m3u8, before any query). */
export function isHls(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return /\.m3u8$/i.test(path);
}

export function VideoView({ url, title, className }: { url: string; title: string; className?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (!isHls(url) || video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = url;
      return;
    }
    let destroyed = false;
    let hls: { destroy(): void } | undefined;
    void import('hls.js').then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) return setFailed(true);
      const h = new Hls();
      h.loadSource(url);
      h.attachMedia(video);
      h.on(Hls.Events.ERROR, (_e, data) => data.fatal && setFailed(true));
      hls = h;
    });
    return () => {
      destroyed = true;
      hls?.destroy();
    };
  }, [url]);
  return (
    <div style={{ width: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <video
        ref={ref}
        className={className}
        controls
        preload="metadata"
        aria-label={title}
        data-testid="preview-video"
        onError={() => setFailed(true)}
      />
      {failed && <p role="alert">视频暂时无法播放，请下载后观看。</p>}
    </div>
  );
}

/** Fetches the DOCX and renders it with docx-preview; says so when the file cannot be read. */
export function DocxView({ url, className }: { url: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'done' | 'failed'>('loading');
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const abort = new AbortController();
    setState('loading');
    void (async () => {
      try {
        const [res, docx] = await Promise.all([fetch(url, { signal: abort.signal }), import('docx-preview')]);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const blob = await res.blob();
        if (abort.signal.aborted) return;
        container.replaceChildren();
        await docx.renderAsync(blob, container, undefined, {
          inWrapper: true,
          ignoreLastRenderedPageBreak: true,
          // Images as data URLs: no object URLs to revoke, allowed by the portal's CSP (img-src data:).
          useBase64URL: true,
          experimental: false,
        });
        if (!abort.signal.aborted) setState('done');
      } catch {
        if (!abort.signal.aborted) setState('failed');
      }
    })();
    return () => abort.abort();
  }, [url]);
  return (
    <div className={className}>
      {state === 'loading' && <p aria-live="polite">正在打开文档…</p>}
      {state === 'failed' && <p role="alert">文件流异常，文档无法在线预览，请下载后用 Word 或 WPS 打开。</p>}
      <div ref={ref} data-testid="preview-docx" />
    </div>
  );
}
