/**
 * The desktop reader's 书签与笔记 panel (antd): the book's marks grouped by chapter (or page), each
 * jumping to its page, with its quote (原文已变化 when the passage is no longer on its page), its
 * note edited in place, a highlight's colour changed, and delete after a confirmation; and the note
 * editor dialog for a new note. A visitor sees why the panel is empty and a way to log in.
 */
import { useId, useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Popconfirm, Spin, Tag } from 'antd';
import { LIMITS, type ReaderMark, type ReaderMarkColor } from '@eav/contract';
import { loginPath } from '@/config/paths';
import { currentFullPath } from '@/lib/navigation';
import type { ReaderMarks } from '../hooks/use-reader-marks';
import { MARK_COLORS, markLabel, type MarkGroup } from '../lib/marks';
import styles from './marks-panel.module.css';

const NOTE_MAX = LIMITS.readerMarks.noteMax;

/** The hint shown to visitors wherever marks would be. */
export const MARKS_LOGIN_HINT = '登录后可使用书签和笔记';

/** A note's text box with its count (the limit of the contract). */
function NoteInput({
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
    <Input.TextArea
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={NOTE_MAX}
      showCount
      autoSize={{ minRows: 3, maxRows: 10 }}
      aria-label={label}
      autoFocus={autoFocus}
      placeholder="写下你的想法"
    />
  );
}

/** The dialog of a new note: on the quoted passage, or on the page when there is no quote. */
export function NoteEditorModal({
  open,
  page,
  quote,
  onSave,
  onCancel,
}: {
  open: boolean;
  page: number | null;
  quote: string | null;
  onSave(note: string): void;
  onCancel(): void;
}) {
  const [text, setText] = useState('');
  const close = () => {
    setText('');
    onCancel();
  };
  return (
    <Modal
      open={open}
      title={quote ? '为所选文字添加笔记' : `为第 ${page ?? ''} 页添加笔记`}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ disabled: !text.trim() }}
      onOk={() => {
        onSave(text.trim());
        setText('');
      }}
      onCancel={close}
      destroyOnHidden
    >
      {quote && <blockquote className={styles.quote}>{quote}</blockquote>}
      <NoteInput value={text} onChange={setText} label="笔记内容" autoFocus />
    </Modal>
  );
}

function MarkItem({
  mark,
  orphaned,
  current,
  actions,
  onJump,
}: {
  mark: ReaderMark;
  orphaned: boolean;
  current: boolean;
  actions: ReaderMarks;
  onJump(page: number): void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const label = markLabel(mark);
  const quote = mark.anchor?.quote;
  const summary = quote ?? mark.note ?? '';
  const kindName = mark.kind === 'highlight' ? '划线' : mark.kind === 'note' ? '笔记' : '书签';
  // A note's text is what it is; a highlight's or bookmark's note may be emptied.
  const canSave = mark.kind === 'note' ? !!draft.trim() : true;
  const save = () => {
    actions.edit(mark, { note: draft.trim() || null });
    setEditing(false);
  };
  return (
    <li className={styles.item} data-testid="reader-mark" data-mark-id={mark.id} data-kind={mark.kind}>
      <div className={styles.itemHead}>
        <span className={`${styles.kind} ${mark.color ? styles[mark.color] : ''}`}>{label}</span>
        <Button
          type="link"
          size="small"
          className={styles.jump}
          onClick={() => onJump(mark.page)}
          aria-current={current ? 'page' : undefined}
          aria-label={`第 ${mark.page} 页${label}${summary ? `：${summary.slice(0, 30)}` : ''}，跳到此页`}
        >
          第 {mark.page} 页
        </Button>
        {orphaned && (
          <Tag color="warning" className={styles.orphan}>
            原文已变化
          </Tag>
        )}
      </div>
      {quote && (
        <blockquote className={`${styles.quote} ${mark.color ? styles[`quote_${mark.color}`] : ''}`}>
          {quote}
        </blockquote>
      )}
      {editing ? (
        <div className={styles.edit}>
          <NoteInput value={draft} onChange={setDraft} label={`编辑第 ${mark.page} 页${kindName}的笔记`} autoFocus />
          {mark.kind === 'highlight' && (
            <div role="group" aria-label="划线颜色" className={styles.colors}>
              {MARK_COLORS.map(({ color, label: name }) => (
                <button
                  key={color}
                  type="button"
                  className={`${styles.swatch} ${styles[`swatch_${color}`]}`}
                  aria-label={`${name}色`}
                  aria-pressed={mark.color === color}
                  onClick={() => actions.edit(mark, { color: color as ReaderMarkColor })}
                />
              ))}
            </div>
          )}
          <div className={styles.itemActions}>
            <Button size="small" onClick={() => setEditing(false)}>
              取消
            </Button>
            <Button size="small" type="primary" disabled={!canSave} onClick={save}>
              保存
            </Button>
          </div>
        </div>
      ) : (
        <>
          {mark.note && <p className={styles.note}>{mark.note}</p>}
          <div className={styles.itemActions}>
            <Button
              size="small"
              type="text"
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
            <Popconfirm
              title={`删除这条${kindName}？`}
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => actions.remove(mark)}
            >
              <Button size="small" type="text" danger>
                删除
                <span className={styles.srOnly}>
                  第 {mark.page} 页的{label}
                </span>
              </Button>
            </Popconfirm>
          </div>
        </>
      )}
    </li>
  );
}

/** The side panel listing the book's marks. */
export function MarksPanel({
  actions,
  groups,
  orphans,
  currentPage,
  onJump,
  onAddPageNote,
}: {
  actions: ReaderMarks;
  groups: readonly MarkGroup[];
  orphans: ReadonlySet<string>;
  currentPage: number | null;
  onJump(page: number): void;
  onAddPageNote(): void;
}) {
  const headingId = useId();
  return (
    <aside className={styles.panel} aria-labelledby={headingId} data-testid="reader-marks-panel">
      <div className={styles.panelHead}>
        <h2 id={headingId} className={styles.heading}>
          书签与笔记
        </h2>
        <Button size="small" onClick={onAddPageNote} disabled={!actions.loggedIn || currentPage === null}>
          添加本页笔记
        </Button>
      </div>
      <div className={styles.panelBody}>
        {!actions.loggedIn ? (
          <div className={styles.empty}>
            <p>{MARKS_LOGIN_HINT}</p>
            <Button type="primary" href={`#${loginPath('login', currentFullPath())}`}>
              登录
            </Button>
          </div>
        ) : actions.loading ? (
          <Spin description="正在加载书签和笔记…" className={styles.empty} />
        ) : actions.failed ? (
          <Alert
            type="error"
            showIcon
            title="书签和笔记加载失败"
            action={
              <Button size="small" onClick={actions.retry}>
                重试
              </Button>
            }
          />
        ) : groups.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="还没有书签和笔记。选中页面上的文字，可以划线或记笔记。"
          />
        ) : (
          groups.map((group) => (
            <section key={group.key} className={styles.group}>
              <h3 className={styles.groupTitle}>{group.title}</h3>
              <ul className={styles.list}>
                {group.marks.map((mark) => (
                  <MarkItem
                    key={mark.id}
                    mark={mark}
                    orphaned={orphans.has(mark.id)}
                    current={mark.page === currentPage}
                    actions={actions}
                    onJump={onJump}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </aside>
  );
}
