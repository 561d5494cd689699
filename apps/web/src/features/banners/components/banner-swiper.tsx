/**
 * H5 home carousel (antd-mobile Swiper) over the same banners as the desktop. A banner's desktop
 * link is followed to its H5 page when one exists (`h5Route`), else the banner is not a link.
 * Accessibility (WCAG 2.2.2, 2.4.3; docs/accessibility.md): a pause button stops the rotation, the
 * shown slide is a button when it leads somewhere, and slides out of view are `inert`.
 */
import type { Banner } from '@eav/contract';
import { Skeleton, Swiper } from 'antd-mobile';
import { PlayOutline, StopOutline } from 'antd-mobile-icons';
import { useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { openSafe } from '@/lib/safe-url';
import { bannerTarget, useBanners } from '../api/get-banners';

const BANNER_SKELETON = { '--height': '160px', '--border-radius': '12px' } as CSSProperties;

export function BannerSwiper({ h5Route }: { h5Route: (route: string) => string | null }) {
  const { data, isPending, isError } = useBanners();
  const navigate = useNavigate();
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  if (isPending) {
    return (
      <div className="eav-h5-banner-wrap">
        {/* Sized through antd-mobile's CSS variables: its own stylesheet may load after ours, and a
            skeleton without the banner's height lets the page jump when the banner arrives. */}
        <Skeleton animated className="eav-h5-banner" style={BANNER_SKELETON} data-testid="banner-skeleton" />
      </div>
    );
  }
  if (isError || !data.length) {
    return (
      <div className="eav-h5-banner-wrap">
        <div className="eav-h5-banner eav-h5-banner--empty" data-testid="banner-empty">
          <strong>{site.shortName}</strong>
          <span>{site.slogan}</span>
        </div>
      </div>
    );
  }
  const open = (b: Banner) => {
    const t = bannerTarget(b.link);
    if (!t) return;
    if (t.kind === 'external') openSafe(t.href);
    else {
      // The activity banner (docs/prize.md) opens the H5 activity page with the same activity code.
      const prize = t.to === paths.activity || t.to.startsWith(`${paths.activity}?`);
      const to = prize ? paths.mobile.prize + t.to.slice(paths.activity.length) : h5Route(t.to);
      if (to) void navigate(to);
    }
  };
  const rotating = data.length > 1;
  return (
    <section className="eav-h5-banner-wrap" aria-roledescription="轮播" aria-label="轮播图">
      <Swiper
        autoplay={rotating && !paused}
        loop={rotating}
        autoplayInterval={4000}
        className="eav-h5-banner"
        data-testid="banner-carousel"
        onIndexChange={setCurrent}
      >
        {data.map((b, i) => {
          const slide = (
            // Spans: the slide may sit inside a button, which holds phrasing content only.
            <span className="eav-h5-banner__slide">
              <img
                src={b.image}
                alt=""
                // The lead picture is the first screen's largest paint: fetched first, never deferred.
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                draggable={false}
              />
              <span className="eav-h5-banner__caption">
                <strong>{b.title}</strong>
                {b.subtitle && <span>{b.subtitle}</span>}
              </span>
            </span>
          );
          return (
            <Swiper.Item key={b.id}>
              <div inert={i !== current}>
                {bannerTarget(b.link) ? (
                  <button type="button" className="eav-h5-banner__slide-button" onClick={() => open(b)}>
                    {slide}
                  </button>
                ) : (
                  slide
                )}
              </div>
            </Swiper.Item>
          );
        })}
      </Swiper>
      {rotating && (
        <button
          type="button"
          className="eav-h5-banner__pause"
          aria-label={paused ? '继续轮播' : '暂停轮播'}
          aria-pressed={paused}
          onClick={() => setPaused((p) => !p)}
          data-testid="banner-pause"
        >
          {paused ? <PlayOutline aria-hidden /> : <StopOutline aria-hidden />}
        </button>
      )}
    </section>
  );
}
