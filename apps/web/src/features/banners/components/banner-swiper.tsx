/**
 * H5 home carousel (antd-mobile Swiper) over the same banners as the desktop. A banner's desktop
 * link is followed to its H5 page when one exists (`h5Route`), else the banner is not a link.
 */
import type { Banner } from '@eav/contract';
import { Skeleton, Swiper } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { openSafe } from '@/lib/safe-url';
import { bannerTarget, useBanners } from '../api/get-banners';

const BANNER_SKELETON = { '--height': '160px', '--border-radius': '12px' } as CSSProperties;

export function BannerSwiper({ h5Route }: { h5Route: (route: string) => string | null }) {
  const { data, isPending, isError } = useBanners();
  const navigate = useNavigate();
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
  return (
    <div className="eav-h5-banner-wrap">
      <Swiper
        autoplay={data.length > 1}
        loop={data.length > 1}
        autoplayInterval={4000}
        className="eav-h5-banner"
        data-testid="banner-carousel"
      >
        {data.map((b, i) => (
          <Swiper.Item key={b.id} onClick={() => open(b)}>
            <div className="eav-h5-banner__slide">
              <img src={b.image} alt="" loading={i === 0 ? 'eager' : 'lazy'} draggable={false} />
              <div className="eav-h5-banner__caption">
                <strong>{b.title}</strong>
                {b.subtitle && <span>{b.subtitle}</span>}
              </div>
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
