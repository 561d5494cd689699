/** H5 home (/mobileH5/home): the same banners and an entry grid of the H5 areas (antd-mobile). */
import { NoticeBar } from 'antd-mobile';
import { Link } from 'react-router';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useSession } from '@/stores/session';
import { BannerSwiper } from '@/features/banners/components/banner-swiper';
import { H5_AREAS, H5_COURSES, h5RouteFor } from '@/features/home/areas';
import { AreaGridH5 } from '@/features/home/components/area-grid';
import { MobileFeaturedTextbooks } from '@/features/textbooks/components/mobile/mobile-featured';

export default function MobileHomeRoute() {
  const loggedIn = useSession((s) => !!s.user);
  return (
    <div className="eav-h5-home">
      <header className="eav-h5-home__bar">
        <LogoMark size={28} />
        <h1 className="eav-h5-home__name">{site.shortName}</h1>
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
      <section className="eav-h5-card" aria-labelledby="h5-courses-title">
        <h2 id="h5-courses-title" className="eav-h5-home__section-title">
          同步课程
        </h2>
        <AreaGridH5 areas={H5_COURSES} columns={3} testId="course-grid" />
      </section>
      {/* Featured textbooks per stage: the textbooks feature mounts its H5 section here. */}
      <MobileFeaturedTextbooks />
      {/* The register invitation is for visitors only. */}
      {!loggedIn && (
        <section className="eav-h5-card eav-h5-home__tip" data-testid="h5-register-card">
          <strong>首次使用？</strong>
          <span>注册账号后输入教材激活码，即可在手机上阅读完整教材。</span>
          <Link to={paths.mobile.register}>注册账号</Link>
        </section>
      )}
    </div>
  );
}
