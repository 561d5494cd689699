/**
 * The top bar of the H5 teaching pages: a named back button and the page title (the one h1); not
 * antd-mobile's NavBar, whose back control has no name screen readers can read.
 */
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import styles from './mobile.module.css';

export function MobileBar({ title, onBack }: { title: ReactNode; onBack(): void }) {
  return (
    <div className={styles.bar}>
      <button type="button" className={styles.back} onClick={onBack}>
        <LeftOutline aria-hidden /> 返回
      </button>
      <h1 className={styles.barTitle}>{title}</h1>
      <span aria-hidden />
    </div>
  );
}
