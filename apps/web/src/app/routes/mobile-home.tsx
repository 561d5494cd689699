/** H5 home (/mobileH5/home): the same banners and an entry grid of the H5 areas (antd-mobile). */
import { NoticeBar } from 'antd-mobile';
import { Link } from 'react-router';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { BannerSwiper } from '@/features/banners/components/banner-swiper';
import { H5_AREAS, h5RouteFor } from '@/features/home/areas';
import { AreaGridH5 } from '@/features/home/components/area-grid';
import { MobileFeaturedTextbooks } from '@/features/textbooks/components/mobile/mobile-featured';

export default function MobileHomeRoute() {
  return (
    <div className="eav-h5-home">
      <header className="eav-h5-home__bar">
        <LogoMark size={28} />
        <span className="eav-h5-home__name">{site.shortName}</span>
        <Link to={paths.mobile.activation} className="eav-h5-home__activate">
          激活教材
        </Link>
      </header>
      <BannerSwiper h5Route={h5RouteFor} />
      <NoticeBar
        className="eav-h5-home__notice"
        color="info"
        wrap
        content={`客服热线 ${site.contact.hotline}，${site.contact.weekdays}，${site.contact.weekends}`}
      />
      <section className="eav-h5-card" aria-label="服务入口">
        <AreaGridH5 areas={H5_AREAS} />
      </section>
      {/* Featured textbooks per stage: the textbooks feature mounts its H5 section here. */}
      <MobileFeaturedTextbooks />
      <section className="eav-h5-card eav-h5-home__tip">
        <strong>首次使用？</strong>
        <span>注册账号后输入教材激活码，即可在手机上阅读完整教材。</span>
        <Link to={paths.mobile.register}>注册账号</Link>
      </section>
    </div>
  );
}
