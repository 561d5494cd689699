/**
 * An H5 page (antd-mobile) under a NavBar that names it with the page's one `h1` and goes back, or
 * to the H5 home when the page was opened first: 联系我们, the legal documents, the guardian pages.
 * The page's content (its cards) is the children.
 */
import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import styles from './h5-page.module.css';

export function H5Page({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid={testId}>
      <NavBar
        className={styles.nav}
        // antd-mobile marks its back text aria-hidden, leaving its role=button nameless: `left` names it.
        left={<span className="eav-visually-hidden">返回</span>}
        onBack={() => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.mobile.home))}
      >
        <h1 className={styles.title}>{title}</h1>
      </NavBar>
      {children}
    </div>
  );
}
