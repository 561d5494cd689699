/**
 * The H5 reader's marks (antd-mobile, never antd): the 书签与笔记 popup listing the book's marks
 * grouped by chapter (or page), each jumping to its page, with its note edited in place and delete
 * after a confirmation dialog; the note editor of a new note; and the visitor's login prompt. A
 * chunk of its own, loaded on first use: the reader's first load carries no dialog
 * (build/bundle-guard.ts).
 */
import { useId, useRef, useState } from 'react';
import { Button, Dialog, DotLoading, ErrorBlock, Popup, TextArea } from 'antd-mobile';
import { LIMITS, type ReaderMark } from '@eav/contract';
import type { ReaderMarks } from '../hooks/use-reader-marks';
import { markLabel, type MarkGroup } from '../lib/marks';
import styles from './mobile-marks.module.css';

const NOTE_MAX = LIMITS.readerMarks.noteMax;

/** Tells a visitor that marks need an account, and offers the login page (`onLogIn`). */
export function askToLogIn(onLogIn: () => void): void {
  void Dialog.confirm({
    content: '登录后可使用书签和笔记',
    confirmText: '去登录',
    cancelText: '取消',
    onConfirm: onLogIn,
  });
}

/** A note's text box with its count; labelled by `labelId`. */
function NoteArea({
  value,
  onChange,
  label,
  autoFocus,
}: {
  value: string;
  onChange(v: string): void;
  label: string;
  autoFocus?: boolean;
}) {
  return (
    <TextArea
      autoFocus={autoFocus}
      value={value}
      onChange={onChange}
      maxLength={NOTE_MAX}
      showCount
      autoSize={{ minRows: 3, maxRows: 8 }}
      placeholder="写下你的想法"
      aria-label={label}
      className={styles.area}
    />
  );
}

/** The sheet of a new note: on the quoted passage, or on the page when there is no quote. */
export function MobileNoteEditor({
  open,
  page,
  quote,
  onSave,
  onClose,
}: {
  open: boolean;
  page: number | null;
  quote: string | null;
  onSave(note: string): void;
  onClose(): void;
}) {
  const [text, setText] = useState('');
  const headingId = useId();
  const close = () => {
    setText('');
    onClose();
  };
  return (
    <Popup visible={open} onMaskClick={close} onClose={close} destroyOnClose bodyClassName={styles.sheet}>
      <div role="dialog" aria-modal="true" aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          {quote ? '为所选文字添加笔记' : `为第 ${page ?? ''} 页添加笔记`}
        </h2>
        {quote && <blockquote className={styles.quote}>{quote}</blockquote>}
        <NoteArea value={text} onChange={setText} label="笔记内容" autoFocus />
        <div className={styles.actions}>
          <Button onClick={close}>取消</Button>
          <Button
            color="primary"
            disabled={!text.trim()}
            onClick={() => {
              onSave(text.trim());
              setText('');
            }}
          >
            保存
          </Button>
        </div>
      </div>
    </Popup>
  );
}

function MobileMarkItem({
  mark,
  orphaned,
  actions,
  onJump,
}: {
  mark: ReaderMark;
  orphaned: boolean;
  actions: ReaderMarks;
  onJump(page: number): void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const label = markLabel(mark);
  const kindName = mark.kind === 'highlight' ? '划线' : mark.kind === 'note' ? '笔记' : '书签';
  const quote = mark.anchor?.quote;
  const confirmDelete = () => {
    void Dialog.confirm({
      title: `删除这条${kindName}？`,
      content: quote ?? mark.note ?? `第 ${mark.page} 页`,
      confirmText: '删除',
      cancelText: '取消',
      onConfirm: () => actions.remove(mark),
    });
  };
  return (
    <li className={styles.item} data-testid="reader-mark" data-mark-id={mark.id} data-kind={mark.kind}>
      <div className={styles.itemHead}>
        <span className={`${styles.kind} ${mark.color ? styles[mark.color] : ''}`}>{label}</span>
        <button
          type="button"
          className={styles.jump}
          onClick={() => onJump(mark.page)}
          aria-label={`第 ${mark.page} 页${label}，跳到此页`}
        >
          第 {mark.page} 页
        </button>
        {orphaned && <span className={styles.orphan}>原文已变化</span>}
      </div>
      {quote && <blockquote className={styles.quote}>{quote}</blockquote>}
      {editing ? (
        <>
          <NoteArea value={draft} onChange={setDraft} label={`编辑第 ${mark.page} 页${kindName}的笔记`} autoFocus />
          <div className={styles.actions}>
            <Button size="small" onClick={() => setEditing(false)}>
              取消
            </Button>
            <Button
              size="small"
              color="primary"
              disabled={mark.kind === 'note' && !draft.trim()}
              onClick={() => {
                actions.edit(mark, { note: draft.trim() || null });
                setEditing(false);
              }}
            >
              保存
            </Button>
          </div>
        </>
      ) : (
        <>
          {mark.note && <p className={styles.note}>{mark.note}</p>}
          <div className={styles.actions}>
            <Button
              size="mini"
              fill="none"
              onClick={() => {
                setDraft(mark.note ?? '');
                setEditing(true);
              }}
            >
              {mark.note ? '编辑' : '添加笔记'}
              <span className={styles.srOnly}>
                第 {mark.page} 页的{label}
              </span>
            </Button>
            <Button size="mini" fill="none" color="danger" onClick={confirmDelete}>
              删除
              <span className={styles.srOnly}>
                第 {mark.page} 页的{label}
              </span>
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/** The popup listing the book's marks; a mark's page button jumps there and closes it. */
export function MobileMarksPopup({
  open,
  onClose,
  actions,
  groups,
  orphans,
  currentPage,
  onJump,
  onAddPageNote,
}: {
  open: boolean;
  onClose(): void;
  actions: ReaderMarks;
  groups: readonly MarkGroup[];
  orphans: ReadonlySet<string>;
  currentPage: number | null;
  onJump(page: number): void;
  onAddPageNote(): void;
}) {
  const headingId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={styles.sheet}
      afterShow={() => dialog.current?.focus()}
    >
      <div
        ref={dialog}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        className={styles.panel}
        data-testid="reader-marks-panel"
      >
        <div className={styles.panelHead}>
          <h2 id={headingId} className={styles.heading}>
            书签与笔记
          </h2>
          <Button size="small" disabled={currentPage === null} onClick={onAddPageNote}>
            添加本页笔记
          </Button>
          <Button size="small" fill="none" onClick={onClose}>
            关闭
          </Button>
        </div>
        <div className={styles.panelBody}>
          {actions.loading ? (
            <p className={styles.empty}>
              正在加载 <DotLoading />
            </p>
          ) : actions.failed ? (
            <ErrorBlock status="disconnected" title="书签和笔记加载失败" description="">
              <Button color="primary" size="small" onClick={actions.retry}>
                重试
              </Button>
            </ErrorBlock>
          ) : groups.length === 0 ? (
            <p className={styles.empty}>还没有书签和笔记。长按页面上的文字选中后，可以划线或记笔记。</p>
          ) : (
            groups.map((group) => (
              <section key={group.key}>
                <h3 className={styles.groupTitle}>{group.title}</h3>
                <ul className={styles.list}>
                  {group.marks.map((mark) => (
                    <MobileMarkItem
                      key={mark.id}
                      mark={mark}
                      orphaned={orphans.has(mark.id)}
                      actions={actions}
                      onJump={(page) => {
                        onJump(page);
                        onClose();
                      }}
                    />
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
      </div>
    </Popup>
  );
}
