/**
 * A row of tabs for H5 pages (WAI-ARIA Authoring Practices, Tabs pattern): `role="tablist"` with one
 * tab per option, the selected one in the tab order and the others reached with ←/→, Home and End
 * (selection follows focus), a line under the selected tab drawn by CSS, and a row that scrolls
 * sideways when the tabs are wider than the screen.
 *
 * Used where antd-mobile's `Tabs` sat on first screens: that component measures its tabs
 * (offsetLeft/offsetWidth) on mount and on every change of its children to animate the line, which
 * forces the browser to lay the whole page out in the middle of rendering it: 75-105 ms of the H5
 * home's and bookstore's main thread on a 2-core machine (docs/decisions/019-h5-tabs.md).
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './h5-tabs.module.css';

export interface H5Tab {
  key: string;
  title: ReactNode;
}

interface Props {
  tabs: H5Tab[];
  activeKey: string | undefined;
  onChange: (key: string) => void;
  /** The list's accessible name (what the tabs choose between). */
  label: string;
  /** Id prefix of the panels: the selected tab `k` controls `${panelIdPrefix}-${k}` when given. */
  panelIdPrefix?: string;
  className?: string;
}

/** Element id of the tab `key` of a list whose prefix is `prefix`. */
export const h5TabId = (prefix: string, key: string) => `${prefix}-tab-${key}`;

export function H5Tabs({ tabs, activeKey, onChange, label, panelIdPrefix, className }: Props) {
  const prefix = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const selected = tabs.findIndex((t) => t.key === activeKey);
  const focusable = selected === -1 ? 0 : selected;

  // Keep the selected tab in view when it changes (not on mount: the first screen is not scrolled).
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const el = listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeKey]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (focusable + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (focusable - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1;
    if (next < 0 || !tabs[next]) return;
    e.preventDefault();
    onChange(tabs[next].key);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      className={`${styles.list} ${className ?? ''}`}
      onKeyDown={onKeyDown}
    >
      {tabs.map((t, i) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          id={h5TabId(prefix, t.key)}
          aria-selected={i === selected}
          // Only the selected tab's panel is in the page.
          aria-controls={panelIdPrefix && i === selected ? `${panelIdPrefix}-${t.key}` : undefined}
          tabIndex={i === focusable ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(t.key)}
        >
          {t.title}
        </button>
      ))}
    </div>
  );
}
