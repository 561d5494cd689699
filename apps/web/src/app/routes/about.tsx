/** 平台介绍 (/about): what the platform is, who runs it and what it offers (docs/product.md §1, §2). */
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

const OFFERS = [
  {
    title: '数字教材',
    text: '覆盖小学、初中、高中主要学科与版本，支持在线阅读、激活开通与配套资源。',
    to: paths.digitalBook,
  },
  {
    title: '数字资源',
    text: '同步资源、试卷中心与云题库，按教材章节组织，服务课前、课中、课后。',
    to: paths.syncMaterial,
  },
  { title: '网络学习', text: '与教材同步的音视频课程，学生自主学习、教师课堂教学皆可使用。', to: paths.videoResource },
  { title: '智慧教学与研修', text: '面向教师的备课授课工具与全省研修活动，助力专业成长。', to: paths.teachersTraining },
] as const;

export default function AboutRoute() {
  return (
    <article className="eav-doc eav-container">
      <header className="eav-doc__head">
        <h1>平台介绍</h1>
        <p>{site.slogan}</p>
      </header>
      <section>
        <p>
          {site.platformName}是在{site.organisers.guidance}业务指导下，由{site.organisers.host}主办、
          {site.organisers.implementer}承办的省级数字教育公共服务平台，面向全省学生、教师与社会公众，提供数字教材、
          数字资源、智慧教学、智慧研修与智慧出版等服务。
        </p>
        <p>
          平台以国家课程教材为核心，汇聚经审定的数字教材与配套学习资源，支持电脑、平板与手机多终端访问。
          学生可在线阅读教材、观看同步课程；教师可获取备课资源、参加研修活动；出版单位可通过平台开展数字出版与融合出版。
        </p>
      </section>
      <section>
        <h2>平台服务</h2>
        <ul className="eav-doc__cards">
          {OFFERS.map((o) => (
            <li key={o.title}>
              <h3>
                <Link to={o.to}>{o.title}</Link>
              </h3>
              <p>{o.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>联系我们</h2>
        <p>
          服务时间：{site.contact.weekdays}，{site.contact.weekends}。客服热线：{site.contact.hotline}；客服邮箱：
          <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>。
        </p>
      </section>
    </article>
  );
}
