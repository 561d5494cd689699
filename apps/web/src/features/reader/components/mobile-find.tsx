/**
 * The H5 reader's 查找 popup (antd-mobile, never antd; a chunk of its own, loaded on first use so the
 * reader's first load carries no popup, build/bundle-guard.ts): the search box (Enter = 下一处,
 * Shift+Enter = 上一处 on a keyboard), the count and the loading progress (announced), and the
 * matches (page and context, the match in `<mark>`); tapping one jumps to its page and closes it.
 */
import { useEffect, useId, useRef } from 'react';
import { Button, Popup, SearchBar, type SearchBarRef } from 'antd-mobile';
import { findStatusText, type BookSearch } from '../hooks/use-book-search';
import { MatchContext } from './find-result';
import styles from './mobile-find.module.css';

export interface MobileFindPopupProps {
  open: boolean;
  search: BookSearch;
  /** The search box's text (kept by the reader). */
  input: string;
  onInput(value: string): void;
  /** Goes to the next (1) or previous (-1) match (Enter in the box). */
  onStep(dir: 1 | -1): void;
  /** Goes to match `index` (the popup closes). */
  onPick(index: number): void;
  onClose(): void;
}

const BOX_NAME = '在本书中查找';

/** The popup of 查找. */
export function MobileFindPopup({ open, search, input, onInput, onStep, onPick, onClose }: MobileFindPopupProps) {
  const headingId = useId();
  const box = useRef<SearchBarRef>(null);
  const list = useRef<HTMLOListElement>(null);
  const { count, progress, announce } = findStatusText(search);
  const noText = search.status === 'noText';
  const currentIndex = search.current;

  // SearchBar names its input 搜索框 (its locale's aria-label, no prop for it): say what it searches.
  useEffect(() => {
    box.current?.nativeElement?.setAttribute('aria-label', BOX_NAME);
  });
  useEffect(() => {
    if (open) list.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [open, currentIndex]);
  // Into the box on opening. `afterShow` alone misses the first opening: the popup's chunk loads on
  // that tap and mounts already open, so no show animation ends.
  useEffect(() => {
    if (open) box.current?.focus();
  }, [open]);

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={styles.sheet}
      afterShow={() => {
        box.current?.nativeElement?.setAttribute('aria-label', BOX_NAME);
        box.current?.focus();
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        className={styles.panel}
        data-testid="reader-find-panel"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            // A search input's own Escape empties it: closing keeps the search (结束查找 ends it).
            e.preventDefault();
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className={styles.panelHead}>
          <h2 id={headingId} className={styles.heading}>
            查找
          </h2>
          <Button size="small" fill="none" onClick={onClose}>
            关闭
          </Button>
        </div>
        <div
          onKeyDownCapture={(e) => {
            // Shift+Enter goes back; SearchBar's own Enter (onSearch) goes on.
            if (e.key === 'Enter' && e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              e.stopPropagation();
              onStep(-1);
            }
          }}
        >
          <SearchBar
            ref={box}
            value={input}
            onChange={onInput}
            onSearch={() => onStep(1)}
            placeholder={noText ? '本书无法查找' : '输入要查找的文字'}
            maxLength={100}
            // antd-mobile's clear icon is a div with a label but no role, out of the keyboard's reach
            // (axe: aria-prohibited-attr); 结束查找 on the page bar clears the search.
            clearable={false}
          />
        </div>
        <div className={styles.status}>
          <p className={styles.count} data-testid="reader-find-count">
            {count}
          </p>
          {progress && (
            <p className={styles.progress} data-testid="reader-find-progress">
              {progress}
            </p>
          )}
        </div>
        <div className={styles.srOnly} role="status" aria-live="polite" data-testid="reader-find-announcement">
          {announce}
        </div>
        <ol ref={list} className={styles.results} aria-label="查找结果" data-testid="reader-find-results">
          {search.matches.map((m, i) => (
            <li key={`${m.page}-${m.start}`}>
              <button
                type="button"
                className={styles.result}
                aria-current={i === search.current ? 'true' : undefined}
                onClick={() => onPick(i)}
                data-testid="reader-find-result"
                data-page={m.page}
              >
                <span className={styles.resultPage}>第 {m.page} 页</span>
                <MatchContext match={m} />
              </button>
            </li>
          ))}
        </ol>
      </div>
    </Popup>
  );
}
