/**
 * The 勘误 notices of one page, as plain HTML (no antd or antd-mobile: shown in both readers).
 * Each notice: original text, correction, publication day and note.
 */
import type { Erratum } from '@eav/contract';
import { formatDay } from '../lib/errata';
import styles from './errata-notes.module.css';

export function ErrataNotes({ page, errata }: { page: number; errata: readonly Erratum[] }) {
  return (
    <div className={styles.notes}>
      <h2 className={styles.title}>
        <span className={styles.badge}>勘误</span>第 {page} 页
      </h2>
      <ul className={styles.list}>
        {errata.map((e) => (
          <li key={e.id} className={styles.item} data-testid="erratum-note">
            <p className={styles.row}>
              <span className={styles.label}>原文</span>
              <del className={styles.original}>{e.original}</del>
            </p>
            <p className={styles.row}>
              <span className={styles.label}>更正</span>
              <ins className={styles.correction}>{e.correction}</ins>
            </p>
            <p className={styles.meta}>
              发布于 {formatDay(e.publishedOn)}
              {e.note ? `；${e.note}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
