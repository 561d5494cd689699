/**
 * A page's loading state as its main landmark: a large labelled spinner centred below the header.
 * Used instead of antd's fullscreen Spin, whose dark mask fades out over the page while the page
 * arrives and, mid-fade, shows its label at a contrast far below WCAG 1.4.3 (axe: color-contrast).
 */
import { Spin } from 'antd';
import styles from './page-spin.module.css';

export function PageSpin({ label }: { label: string }) {
  return (
    <main className={styles.page} aria-busy="true">
      <Spin size="large" description={label} />
    </main>
  );
}
