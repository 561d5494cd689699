/**
 * The desktop reader's 查找 panel (antd; a chunk of its own, loaded when the search first opens): the
 * search box (Enter = 下一处, Shift+Enter = 上一处), the count and the loading progress, 上一处 and
 * 下一处, and the list of matches (page and context, the match in `<mark>`), each jumping to its page.
 * Escape anywhere in the panel closes it. The count and the current match are announced (aria-live).
 */
import { useEffect, useId, useRef } from 'react';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Input, type InputRef } from 'antd';
import { findStatusText, type BookSearch } from '../hooks/use-book-search';
import { MatchContext } from './find-result';
import styles from './find-panel.module.css';

export interface FindPanelProps {
  search: BookSearch;
  /** The search box's text (kept by the reader, so it is still there when the panel opens again). */
  input: string;
  onInput(value: string): void;
  /** Goes to the next (1) or previous (-1) match. */
  onStep(dir: 1 | -1): void;
  /** Goes to match `index` of the list. */
  onPick(index: number): void;
  onClose(): void;
  /** Increased by the reader to put the focus back into the box (Ctrl+F while open). */
  focusKey: number;
}

/** The side panel of 查找. */
export function FindPanel({ search, input, onInput, onStep, onPick, onClose, focusKey }: FindPanelProps) {
  const headingId = useId();
  const box = useRef<InputRef>(null);
  const list = useRef<HTMLOListElement>(null);
  const { count, progress, announce } = findStatusText(search);
  const noText = search.status === 'noText';
  const currentIndex = search.current;

  useEffect(() => {
    box.current?.focus({ cursor: 'all' });
  }, [focusKey]);
  // The current match stays in sight in the list.
  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [currentIndex]);

  return (
    <aside
      className={styles.panel}
      aria-labelledby={headingId}
      data-testid="reader-find-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className={styles.panelHead}>
        <h2 id={headingId} className={styles.heading}>
          查找
        </h2>
        <Button size="small" type="text" onClick={onClose}>
          关闭
        </Button>
      </div>
      <div className={styles.controls}>
        <Input.Search
          ref={box}
          value={input}
          onChange={(e) => onInput(e.target.value)}
          onSearch={(_, e, info) => {
            if (info?.source === 'clear') return;
            onStep(e && 'shiftKey' in e && e.shiftKey ? -1 : 1);
          }}
          placeholder="输入要查找的文字"
          aria-label="在本书中查找"
          aria-describedby={`${headingId}-hint`}
          allowClear
          disabled={noText}
          enterButton="搜索"
        />
        <span id={`${headingId}-hint`} className={styles.srOnly}>
          回车跳到下一处，Shift+回车跳到上一处，Esc 关闭
        </span>
        <div className={styles.statusRow}>
          <div>
            <p className={styles.count} data-testid="reader-find-count">
              {count}
            </p>
            {progress && (
              <p className={styles.progress} data-testid="reader-find-progress">
                {progress}
              </p>
            )}
          </div>
          <div className={styles.steps}>
            <Button
              size="small"
              icon={<UpOutlined aria-hidden />}
              disabled={!search.matches.length}
              onClick={() => onStep(-1)}
            >
              上一处
            </Button>
            <Button
              size="small"
              icon={<DownOutlined aria-hidden />}
              disabled={!search.matches.length}
              onClick={() => onStep(1)}
            >
              下一处
            </Button>
          </div>
        </div>
        <div className={styles.srOnly} role="status" aria-live="polite" data-testid="reader-find-announcement">
          {announce}
        </div>
      </div>
      {search.matches.length > 0 && (
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
                <span className={styles.context}>
                  <MatchContext match={m} />
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
