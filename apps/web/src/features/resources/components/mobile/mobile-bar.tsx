/**
 * The H5 resource pages' top bar: a back button and the page title (the one h1). Not antd-mobile's
 * NavBar, whose back control is a `role="button"` without a name screen readers can read.
 */
import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import styles from './mobile.module.css';

export function MobileBar({ title, onBack }: { title: ReactNode; onBack(): void }) {
  return (
    <div className={styles.bar}>
      <button type="button" className={styles.back} onClick={onBack}>
        <LeftOutline aria-hidden /> 返回
      </button>
      <h1 className={styles.barTitle}>{title}</h1>
      <span className={styles.barEnd} aria-hidden />
    </div>
  );
}
