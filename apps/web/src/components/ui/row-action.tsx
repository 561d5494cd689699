/**
 * A list row's action as a real link or button whose hit area is the whole row: `RowLink` navigates
 * (a real `href`: opens in a new tab, announced as a link, crawlable), `RowButton` acts. The row that
 * holds one takes `ROW_ACTION_ROW` as a class (the action's ::after covers it).
 * For antd-mobile's `List.Item`: its own clickable rows are anchors without `href`, which a keyboard
 * cannot reach, a screen reader does not announce as actionable (WCAG 2.2 2.1.1, 4.1.2) and a crawler
 * does not follow. Put the action in the row's text and leave the row's `onClick` unset.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './row-action.module.css';

/** Class of the row that holds a RowLink or RowButton. */
export const ROW_ACTION_ROW = styles.row;

export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.action}>
      {children}
    </Link>
  );
}

export function RowButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={styles.action} onClick={onClick}>
      {children}
    </button>
  );
}
