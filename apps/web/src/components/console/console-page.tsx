/**
 * The frame of every operator-console page (desktop, antd): the page's one `h1` and its sections
 * below, with the console's spacing and contrast rules. Sections use `consoleLayout`'s classes:
 * `panel` (a white section), `toolbar` (filters left, actions right) and `filters`.
 */
import type { ReactNode } from 'react';
import styles from './console-page.module.css';

/** Class names of a console page's parts, for sections a page lays out itself. */
export const consoleLayout = { panel: styles.panel, toolbar: styles.toolbar, filters: styles.filters } as const;

export function ConsolePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}
