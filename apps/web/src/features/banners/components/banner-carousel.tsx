/**
 * Desktop home carousel: the server's banners (GET /prize/api/v1/banner) over the full width, the
 * title and subtitle set over the illustration. Loading shows a skeleton of the same height; no
 * banners (or a failed call) shows the platform's own hero so the page never looks broken.
 * Accessibility (WCAG 2.2.2, 2.4.3; docs/accessibility.md): a pause button stops the rotation, which
 * also pauses while the pointer or the keyboard focus is on it, and slides out of view are `inert`
 * (out of the tab order and hidden from screen readers).
 */
import { ArrowRightOutlined, PauseOutlined, CaretRightOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Banner } from '@eav/contract';
import { Carousel } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { site } from '@/config/site';
import { openSafe } from '@/lib/safe-url';
import { bannerTarget, useBanners } from '../api/get-banners';

export function BannerCarousel() {
  const { data, isPending, isError, refetch, isFetching } = useBanners();
  if (isPending) {
    return (
      <div
        className="eav-banner eav-banner--skeleton"
        data-testid="banner-skeleton"
        aria-busy="true"
        aria-label="轮播图加载中"
      />
    );
  }
  if (isError || !data.length) {
    return (
      <div className="eav-banner eav-banner--empty" data-testid="banner-empty">
        <div className="eav-container eav-banner__caption">
          <h2 className="eav-banner__title">{site.platformName}</h2>
          <p className="eav-banner__subtitle">{site.slogan}</p>
          {isError && (
            <button type="button" className="eav-banner__retry" onClick={() => void refetch()} disabled={isFetching}>
              <ReloadOutlined spin={isFetching} /> 轮播内容加载失败，点击重试
            </button>
          )}
        </div>
      </div>
    );
  }
  return <Slides banners={data} />;
}

/**
 * Marks every slide the carousel hides (`aria-hidden`, including the copies it makes for looping)
 * `inert`, so that its button leaves the tab order, and the shown one not.
 */
function syncInert(root: HTMLElement | null): void {
  root?.querySelectorAll<HTMLElement>('.slick-slide').forEach((slide) => {
    slide.inert = slide.getAttribute('aria-hidden') === 'true';
  });
}

function Slides({ banners }: { banners: Banner[] }) {
  const rotating = banners.length > 1;
  const [paused, setPaused] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const sync = useCallback(() => syncInert(root.current), []);
  useEffect(sync, [sync, banners]);
  // The carousel re-renders its slides and looping copies after its own mount and on resize, outside
  // React's effects here: every change of a slide's aria-hidden or of the slides is synced at once
  // (a microtask), so no hidden slide is ever focusable.
  useEffect(() => {
    if (!root.current) return;
    const observer = new MutationObserver(sync);
    observer.observe(root.current, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-hidden'],
    });
    return () => observer.disconnect();
  }, [sync]);
  return (
    <section
      className="eav-banner"
      data-testid="banner-carousel"
      aria-roledescription="轮播"
      aria-label="轮播图"
      ref={root}
    >
      <Carousel
        autoplay={rotating && !paused}
        autoplaySpeed={5000}
        pauseOnFocus
        pauseOnHover
        dots={rotating}
        draggable
        effect="scrollx"
        afterChange={sync}
      >
        {banners.map((b, i) => (
          <BannerSlide key={b.id} banner={b} eager={i === 0} />
        ))}
      </Carousel>
      {rotating && (
        <button
          type="button"
          className="eav-banner__pause"
          aria-pressed={paused}
          onClick={() => setPaused((p) => !p)}
          data-testid="banner-pause"
        >
          {paused ? <CaretRightOutlined aria-hidden /> : <PauseOutlined aria-hidden />}
          <span>{paused ? '继续轮播' : '暂停轮播'}</span>
        </button>
      )}
    </section>
  );
}

function BannerSlide({ banner, eager }: { banner: Banner; eager: boolean }) {
  const navigate = useNavigate();
  const target = bannerTarget(banner.link);
  const open = () => {
    if (!target) return;
    if (target.kind === 'route') void navigate(target.to);
    else openSafe(target.href);
  };
  return (
    <div className="eav-banner__slide">
      <img
        className="eav-banner__img"
        src={banner.image}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        draggable={false}
      />
      <div className="eav-container eav-banner__caption">
        <h2 className="eav-banner__title">{banner.title}</h2>
        {banner.subtitle && <p className="eav-banner__subtitle">{banner.subtitle}</p>}
        {target && (
          <button type="button" className="eav-banner__cta" onClick={open}>
            立即进入 <ArrowRightOutlined />
          </button>
        )}
      </div>
    </div>
  );
}
