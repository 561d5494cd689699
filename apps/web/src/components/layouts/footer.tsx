/**
 * Desktop footer (docs/product.md §2, Footer), every value from config/site.ts: 关于 and 服务 link
 * columns (抗疫助学 opens the external study-aid site in a new tab), the organisers, the contact
 * block (service hours, 在线客服, hotline, mailbox) and the bottom line (copyright → /copyRight,
 * police and ICP filing, publication licences).
 */
import { Link } from 'react-router';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useChatPanel } from './chat-panel';
import { SERVICE_ENTRIES } from './menu';

export function Footer() {
  const openChat = useChatPanel((s) => s.setOpen);
  return (
    <footer className="eav-footer" data-testid="site-footer">
      <div className="eav-container eav-footer__top">
        <div className="eav-footer__brand">
          <div className="eav-footer__logo">
            <LogoMark size={36} />
            <span>{site.platformName}</span>
          </div>
          <p className="eav-footer__slogan">{site.slogan}</p>
          <dl className="eav-footer__orgs">
            <div>
              <dt>业务指导</dt>
              <dd>{site.organisers.guidance}</dd>
            </div>
            <div>
              <dt>主办单位</dt>
              <dd>{site.organisers.host}</dd>
            </div>
            <div>
              <dt>承办单位</dt>
              <dd>{site.organisers.implementer}</dd>
            </div>
          </dl>
        </div>
        <nav className="eav-footer__col" aria-label="关于">
          <h2>关于</h2>
          <Link to={paths.about}>平台介绍</Link>
        </nav>
        <nav className="eav-footer__col" aria-label="服务">
          <h2>服务</h2>
          {SERVICE_ENTRIES.map((s) => (
            <Link key={s.label} to={s.to}>
              {s.label}
            </Link>
          ))}
          <a href={site.studyAidUrl} target="_blank" rel="noopener noreferrer">
            抗疫助学
          </a>
        </nav>
        <div className="eav-footer__col eav-footer__contact">
          <h2>联系我们</h2>
          <p>
            服务时间：{site.contact.weekdays}，{site.contact.weekends}
          </p>
          <p>
            <button type="button" className="eav-footer__chat" onClick={() => openChat(true)}>
              在线客服
            </button>
          </p>
          <p>
            客服热线：<a href={`tel:${site.contact.hotline.replace(/[^\d+]/g, '')}`}>{site.contact.hotline}</a>
          </p>
          <p>
            客服邮箱：<a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
          </p>
        </div>
      </div>
      <div className="eav-footer__bottom">
        <div className="eav-container eav-footer__bottom-inner">
          <Link to={paths.copyRight}>{site.filing.copyright}</Link>
          <span>{site.filing.police}</span>
          <span>{site.filing.icp}</span>
          {site.filing.publication.map((p) => (
            <span key={p}>{p}</span>
          ))}
        </div>
      </div>
    </footer>
  );
}
