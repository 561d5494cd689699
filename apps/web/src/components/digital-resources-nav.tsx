/**
 * The 数字资源 area's tab bar (docs/product.md §1, §2): 同步资源, 试卷中心, 云题库, shown at the top of each of
 * the three pages, plus a link to the help centre. On a phone the three tabs and the link fit the screen. The current tab is marked with `aria-current="page"`
 * (react-router's NavLink does that), so screen readers announce where the user is. Desktop only.
 */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import styles from './digital-resources-nav.module.css';

const TABS = [
  { to: paths.syncMaterial, label: '同步资源', hint: '按教材章节的课件、教案与练习' },
  { to: paths.paperCenter, label: '试卷中心', hint: '历年真题与模拟试卷' },
  { to: paths.cloudBase, label: '云题库', hint: '按知识点检索试题、组卷' },
] as const;

export interface DigitalResourcesNavProps {
  /** Extra content at the right end of the bar (a search box, an action). */
  extra?: ReactNode;
}

export function DigitalResourcesNav({ extra }: DigitalResourcesNavProps) {
  return (
    <div className={styles.bar} data-testid="digital-resources-nav">
      <div className={styles.inner}>
        <span className={styles.area} aria-hidden>
          数字资源
        </span>
        <nav aria-label="数字资源" className={styles.nav}>
          <ul className={styles.list}>
            {TABS.map((t) => (
              <li key={t.to} className={styles.item}>
                <NavLink to={t.to} title={t.hint} className={styles.tab}>
                  {t.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <span className={styles.spacer} />
        <div className={styles.extra}>
          {extra}
          <NavLink to={paths.help} className={styles.help}>
            帮助中心
          </NavLink>
        </div>
      </div>
    </div>
  );
}
