/**
 * A designed status page: illustration, title, text, optional extra content and actions (back
 * home, reload). Used by 建设中, 页面不存在 and the route error boundary, on desktop and H5 (the
 * H5 variant is compact and links to the H5 home).
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { isMobileRoute, paths } from '@/config/paths';
import { Illustration, type IllustrationKind } from './illustrations';

export interface StatusPageProps {
  kind: IllustrationKind;
  title: string;
  text: string;
  /** A small tag above the title (e.g. 建设中). */
  badge?: string;
  children?: ReactNode;
  /** Show a 重新加载 button (full reload: picks up a fresh build after a deploy). */
  reload?: boolean;
  /** Extra links after 返回首页. */
  links?: { to: string; label: string }[];
}

export function StatusPage({ kind, title, text, badge, children, reload, links = [] }: StatusPageProps) {
  const { pathname } = useLocation();
  const mobile = isMobileRoute(pathname);
  return (
    <section className={`eav-status${mobile ? ' eav-status--h5' : ''}`} data-testid="status-page">
      <Illustration kind={kind} width={mobile ? 240 : 320} />
      {badge && <span className="eav-status__badge">{badge}</span>}
      <h1 className="eav-status__title">{title}</h1>
      <p className="eav-status__text">{text}</p>
      {children}
      <div className="eav-status__actions">
        {reload && (
          <button type="button" className="eav-btn eav-btn--primary" onClick={() => window.location.reload()}>
            重新加载
          </button>
        )}
        <Link className={`eav-btn ${reload ? '' : 'eav-btn--primary'}`} to={mobile ? paths.mobile.home : paths.home}>
          返回首页
        </Link>
        {links.map((l) => (
          <Link key={l.to} className="eav-btn" to={l.to}>
            {l.label}
          </Link>
        ))}
      </div>
    </section>
  );
}
