/**
 * Home (/): the banner carousel, entry cards to every area, the featured-textbooks slot
 * and a three-step guide. Mobile devices never get here (the route redirects them to the H5 home).
 */
import { KeyOutlined, ReadOutlined, UserAddOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { BannerCarousel } from '@/features/banners/components/banner-carousel';
import { DESKTOP_AREAS } from '@/features/home/areas';
import { AreaGrid } from '@/features/home/components/area-grid';
import { FeaturedTextbooks } from '@/features/textbooks/components/featured-textbooks';
import { loginPath, paths } from '@/config/paths';
import { site } from '@/config/site';

const STEPS = [
  {
    icon: <UserAddOutlined />,
    title: '注册账号',
    text: '手机号注册，学生、教师均可使用',
    to: loginPath('register'),
    action: '立即注册',
  },
  {
    icon: <KeyOutlined />,
    title: '激活教材',
    text: '输入教材附带的激活码，开通完整内容',
    to: paths.myBook,
    action: '我的教材',
  },
  {
    icon: <ReadOutlined />,
    title: '开始学习',
    text: '电脑、平板、手机随时随地在线阅读',
    to: paths.digitalBook,
    action: '浏览教材',
  },
] as const;

export default function HomeRoute() {
  return (
    <div className="eav-home">
      {/* The design shows no page title; screen readers still get one (one h1 per page). */}
      <h1 className="eav-visually-hidden">{site.platformName}</h1>
      <BannerCarousel />
      <section className="eav-section eav-container" aria-labelledby="home-areas">
        <header className="eav-section__head">
          <h2 id="home-areas">平台服务</h2>
          <p>一站式汇聚数字教材、数字资源、智慧教学与教师研修</p>
        </header>
        <AreaGrid areas={DESKTOP_AREAS} />
      </section>

      {/* Featured textbooks per stage: the textbooks feature mounts its section here. */}
      <FeaturedTextbooks />

      <section className="eav-section eav-guide" aria-labelledby="home-guide">
        <div className="eav-container">
          <header className="eav-section__head">
            <h2 id="home-guide">三步开启数字化学习</h2>
            <p>注册、激活、阅读，全程在线完成</p>
          </header>
          <ol className="eav-steps">
            {STEPS.map((s, i) => (
              <li key={s.title} className="eav-step">
                {/* Decorative (the list numbers the steps): drawn by CSS, not read or contrast-checked. */}
                <span className="eav-step__no" data-no={String(i + 1).padStart(2, '0')} aria-hidden="true" />
                <span className="eav-step__icon">{s.icon}</span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
                <Link to={s.to} className="eav-step__link">
                  {s.action}
                </Link>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </div>
  );
}
